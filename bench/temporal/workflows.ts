/**
 * The workflows of bench/temporal: each takes one kind of Temporal step `STEPS` times, so that its
 * cost beyond the empty workflow, divided by `STEPS`, is what one such step costs on this machine.
 */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { proxyActivities, proxyLocalActivities, sleep, upsertSearchAttributes } from '@temporalio/workflow';

export const STEPS = 3;
type Noop = { noop(): Promise<void> };
const activities = proxyActivities<Noop>({ startToCloseTimeout: '1 minute' });
const locals = proxyLocalActivities<Noop>({ startToCloseTimeout: '1 minute' });
const Status = defineSearchAttributeKey('BotStatus', SearchAttributeType.KEYWORD);

/** Started, one workflow task, completed. */
export async function empty(): Promise<void> {}

/** A workflow task more per step: each 1 ms timer fires into a task of its own. */
export async function timers(): Promise<void> {
  for (let i = 0; i < STEPS; i += 1) await sleep(1);
}

/** An activity task and the workflow task that follows it, per step. */
export async function activityTasks(): Promise<void> {
  for (let i = 0; i < STEPS; i += 1) await activities.noop();
}

/** Local activities, run inside the first workflow task (a marker each in the history). */
export async function localActivities(): Promise<void> {
  for (let i = 0; i < STEPS; i += 1) await locals.noop();
}

/** Search attribute upserts (what the bot's status in the Temporal UI costs), in the first workflow task. */
export async function upserts(): Promise<void> {
  for (let i = 0; i < STEPS; i += 1) upsertSearchAttributes([{ key: Status, value: `s${i}` }]);
}

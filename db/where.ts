/** A list of SQL conditions and their bound values, built up filter by filter (raw keyset queries). */
export class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...values: unknown[]): this {
    this.parts.push(condition);
    this.params.push(...values);
    return this;
  }

  toString(): string {
    return this.parts.join(' and ');
  }
}

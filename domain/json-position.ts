/**
 * Where a JSON text first goes wrong: a small syntax scanner used only after JSON.parse failed,
 * because Node 20's parser messages do not always carry a position (spec: malformed JSON answers
 * with the parser's message and position). Iterative with an explicit stack, so any nesting depth
 * costs memory in proportion to the input and never the call stack.
 */
export function jsonErrorPosition(text: string): number {
  const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const HEX = /[0-9a-fA-F]/;
  let i = 0;
  // What each open container expects next: 'a' array, 'o' object.
  const stack: ('a' | 'o')[] = [];
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** Scans a string starting at its opening quote; false when it is malformed (i at the fault). */
  const string = (): boolean => {
    i++;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return true;
      }
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!HEX.test(text[i + k] ?? '')) {
              i += k;
              return false;
            }
          }
          i += 5;
        } else if (i < text.length && '"\\/bfnrt'.includes(text[i]!)) i++;
        else return false;
        continue;
      }
      if (ch < ' ') return false;
      i++;
    }
    return false;
  };
  const literal = (word: string): boolean => {
    for (const ch of word) {
      if (text[i] !== ch) return false;
      i++;
    }
    return true;
  };
  /** Scans one scalar or opens a container; false at a fault. */
  const valueStart = (): boolean => {
    ws();
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      stack.push(ch === '{' ? 'o' : 'a');
      i++;
      ws();
      return true;
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m || m[0] === '' || m[0] === '-') return false;
      i += m[0].length;
      return true;
    }
    return false;
  };
  /** After `{` or `,` in an object: a key and its colon. */
  const key = (): boolean => {
    ws();
    if (text[i] !== '"' || !string()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };

  const at = () => Math.min(i, text.length);
  if (!valueStart()) return at();
  let justOpened = stack.length > 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    ws();
    if (justOpened) {
      justOpened = false;
      if (text[i] === (top === 'o' ? '}' : ']')) {
        i++;
        stack.pop();
        continue;
      }
      if (top === 'o' && !key()) return at();
      const depth = stack.length;
      if (!valueStart()) return at();
      justOpened = stack.length > depth;
      continue;
    }
    if (text[i] === ',') {
      i++;
      if (top === 'o' && !key()) return at();
      const depth = stack.length;
      if (!valueStart()) return at();
      justOpened = stack.length > depth;
      continue;
    }
    if (text[i] === (top === 'o' ? '}' : ']')) {
      i++;
      stack.pop();
      continue;
    }
    return at();
  }
  ws();
  return i < text.length ? i : -1;
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastNewline = -1;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lastNewline = k;
  }
  return { line, column: offset - lastNewline };
}

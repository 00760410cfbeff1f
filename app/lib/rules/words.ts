/** "1 test", "2 tests", "1,200 attempts": a count with its noun in the right number (pure; unit-tested). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;
}

type Line = Record<string, unknown>;
/** Every line the server wrote, each parsed as JSON (a line that is not JSON fails the test by its text). */
export function logLines(output: string): Line[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Line;
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

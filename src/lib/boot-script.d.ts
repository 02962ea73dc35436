// Inline boot scripts (scripts/boot-scripts.mjs): the module bundled at build into one script.
declare module '*?boot' {
  /** The script text that runs the module's default export with these arguments. */
  const bootScript: (...args: (string | number | boolean | null)[]) => string
  export default bootScript
}

// V8's explicit compile hint (Chromium 136 and later): a script whose first line is this comment has
// every function compiled eagerly, on a background thread while the file streams in, instead of on
// the main thread the first time each is called. The hint goes on the chunks whose code runs while
// the page hydrates (the framework, the entry): on the bench's slow phone, the lazy compiles made the
// evaluation and hydration tasks longer (issue 45, docs/speed.md). Other browsers read a comment.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** A Vite plugin: the entry chunk and the chunks named in `chunks` open with the hint, after minification. */
export function compileHints({ chunks }) {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && (file.isEntry || chunks.includes(file.name))) file.code = COMPILE_HINT + file.code
      }
    },
  }
}

// write-file-atomic ships no types (and @types/write-file-atomic is not installed): the one call
// this project makes of it (scripts/bundle-workflows.ts; scripts/build.mjs is plain JavaScript).
declare module 'write-file-atomic' {
  type Options = { fsync?: boolean; mode?: number; encoding?: BufferEncoding };
  function writeFileAtomic(file: string, data: string | Buffer, options?: Options): Promise<void>;
  namespace writeFileAtomic {
    function sync(file: string, data: string | Buffer, options?: Options): void;
  }
  export = writeFileAtomic;
}

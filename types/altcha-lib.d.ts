// altcha-lib publishes its types only through package.json `exports`, which this project's
// `moduleResolution: node` does not read: these point the type checker at them. (Not `paths` in
// tsconfig: tsx applies those at run time and would load a .d.ts as code.)
declare module 'altcha-lib' {
  export * from 'altcha-lib/dist/cjs/v2/index';
}
declare module 'altcha-lib/algorithms/pbkdf2' {
  export * from 'altcha-lib/dist/cjs/v2/algorithms/pbkdf2';
}
declare module 'altcha-lib/frameworks/shared' {
  export * from 'altcha-lib/dist/cjs/v2/frameworks/shared';
}

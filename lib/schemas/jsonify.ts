/**
 * What a value becomes after `JSON.stringify` and `JSON.parse`: dates turn into
 * ISO strings, everything else keeps its shape. Client item types are the
 * services' view results passed through this, so a field renamed on the server
 * fails typecheck in every screen that reads it.
 */
export type Jsonify<T> = T extends Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer U)[]
      ? Jsonify<U>[]
      : T extends object
        ? { [K in keyof T]: Jsonify<T[K]> }
        : T;

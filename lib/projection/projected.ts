/*
 * What the projection (lib/projection/project.ts) made of a record: every object and array in it
 * carries a brand that only the projection gives, so the props of client components, typed
 * Projected<…>, refuse a raw upstream record at compile time. Reading it is reading the record
 * (Projected<T> is assignable to T); the brand exists only for the compiler.
 */

declare const projectedBrand: unique symbol

type Brand = { readonly [projectedBrand]: true }

export type Projected<T> = T extends readonly (infer Item)[]
  ? Projected<Item>[] & Brand
  : T extends object
    ? { [Key in keyof T]: Projected<T[Key]> } & Brand
    : T

/** Kept in step with package.json by a unit test; imported rather than read so bundles carry it. */
export const serverVersion = '0.1.0';

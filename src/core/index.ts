export * from './verdict.ts';
export * from './budget.ts';
export * from './result.ts';
export * from './rng.ts';
export * from './ids.ts';
export * from './family.ts';
export * from './xcc.ts';
export * from './shape.ts';

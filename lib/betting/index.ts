export * from './odds';
export * from './devig';
export * from './ev';
export * from './kelly';
export * from './parlay';
export * from './consensus';
export * from './grading';
export * from './devig-methods';

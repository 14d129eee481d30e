export * from './signature.js';
export * from './address-policy.js';
export * from './post.js';

import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: with two test files at a time on two cores, or a busy machine,
// a react-admin screen can take longer than that to answer. A wait that is met still returns at once.
configure({ asyncUtilTimeout: 10_000 });

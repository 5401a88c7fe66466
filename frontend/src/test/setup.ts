import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A busy machine (CI runs the suites side by side) can take more than the default second to render.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// The window's tests run beside other suites on a shared 2-core machine: waiting for the real
// service's answers may take more than Testing Library's default second under load. A longer
// wait changes no assertion; it only stops a busy machine from failing a correct window.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

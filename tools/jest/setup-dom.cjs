require('@testing-library/jest-dom');
// findBy*/waitFor give up after 1 s by default; on a loaded two-core CI machine a Fluent dialog or
// menu can take longer to appear, which is slowness, not a failure of the behaviour under test.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });

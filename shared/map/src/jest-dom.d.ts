// Brings the jest-dom matchers (toBeInTheDocument, ...) into the type checker for the tests.
import '@testing-library/jest-dom';

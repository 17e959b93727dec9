// node --test tools/eslint-rules/boundaries.test.mjs: the package-direction rule refuses each
// kind of breach and lets the allowed imports through.
import { test } from 'node:test';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { boundaries } from './boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const at = (rel) => path.join(root, rel);
const options = [{ root, featureRemotes: ['dispatch'] }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

test('ptt/boundaries', () => {
  tester.run('boundaries', boundaries, {
    valid: [
      { filename: at('shared/ui/src/kit/DataTable.tsx'), code: "import { x } from '@ptt/contracts';", options },
      { filename: at('remotes/fences/src/App.tsx'), code: "import { DataTable } from '@ptt/ui';", options },
      { filename: at('remotes/dispatch/src/chat/ChatPanel.tsx'), code: "import { x } from '../ptt';", options },
      { filename: at('remotes/dispatch/src/chat/ChatPanel.tsx'), code: "import { x } from './slice';", options },
      { filename: at('remotes/dispatch/src/App.tsx'), code: "import { ChatPanel } from './chat/index';", options },
      { filename: at('remotes/fences/src/App.test.tsx'), code: "import { renderRemote } from '@ptt/ui/test/renderRemote';", options },
      { filename: at('server/test/restart.test.ts'), code: "import { createEventBus } from '@ptt/event-bus';", options },
      // The benchmarks drive e2e's harness and time the map's layer alone, by package name.
      { filename: at('bench/ptt-onset.ts'), code: "import { armOnset } from '@ptt/e2e/harness/media';", options },
      { filename: at('bench/map-page.ts'), code: "import { MemberLayer } from '@ptt/map/src/members/MemberLayer';", options },
      // A test uses another feature's test helpers through their index, never the files behind it.
      { filename: at('remotes/dispatch/src/ptt/PttPanel.test.tsx'), code: "import { session } from '../core/test';", options },
      { filename: at('remotes/dispatch/src/ptt/test/pttTest.tsx'), code: "import { fakeApi } from '../../core/test/index';", options },
      // A remote not listed in featureRemotes is not checked feature by feature.
      { filename: at('remotes/records/src/pages/a.tsx'), code: "import { x } from '../strings/inner';", options },
    ],
    invalid: [
      { filename: at('remotes/dispatch/src/App.tsx'), code: "import Mgmt from '@ptt/remote-management';", options, errors: [{ messageId: 'remote' }] },
      { filename: at('remotes/dispatch/src/App.tsx'), code: "import '../../management/src/App';", options, errors: [{ messageId: 'relative' }] },
      { filename: at('shared/contracts/src/enums.ts'), code: "import { createEventBus } from '@ptt/event-bus';", options, errors: [{ messageId: 'layer' }] },
      { filename: at('shared/event-bus/src/bus.ts'), code: "import { DataTable } from '@ptt/ui';", options, errors: [{ messageId: 'layer' }] },
      { filename: at('server/src/app.ts'), code: "import { DataTable } from '@ptt/ui';", options, errors: [{ messageId: 'layer' }] },
      { filename: at('server/src/app.ts'), code: "import { createEventBus } from '@ptt/event-bus';", options, errors: [{ messageId: 'layer' }] },
      { filename: at('host/src/app/HostApp.tsx'), code: "import Dispatch from '@ptt/remote-dispatch';", options, errors: [{ messageId: 'remote' }] },
      { filename: at('host/src/app/HostApp.tsx'), code: "import { x } from '@ptt/ui/src/kit/DataTable';", options, errors: [{ messageId: 'deep' }] },
      { filename: at('shared/ui/src/index.ts'), code: "export { x } from '../../map/src/MapView';", options, errors: [{ messageId: 'relative' }] },
      { filename: at('bench/ptt-onset.ts'), code: "import { armOnset } from '../e2e/harness/media';", options, errors: [{ messageId: 'relative' }] },
      { filename: at('bench/ptt-onset.ts'), code: "import { test } from '@ptt/e2e/tests/login.spec';", options, errors: [{ messageId: 'deep' }] },
      { filename: at('bench/map-page.ts'), code: "import { x } from '@ptt/map/src/../../ui/src/index';", options, errors: [{ messageId: 'deep' }] },
      // Only the benchmarks have that exception.
      { filename: at('server/src/app.ts'), code: "import { x } from '@ptt/e2e/harness/media';", options, errors: [{ messageId: 'layer' }] },
      { filename: at('remotes/fences/src/App.tsx'), code: "import { MemberLayer } from '@ptt/map/src/members/MemberLayer';", options, errors: [{ messageId: 'deep' }] },
      { filename: at('remotes/dispatch/src/chat/ChatPanel.tsx'), code: "import { x } from '../ptt/usePtt';", options, errors: [{ messageId: 'feature' }] },
      { filename: at('remotes/dispatch/src/App.tsx'), code: "const m = import('./chat/slice');", options, errors: [{ messageId: 'feature' }] },
      { filename: at('remotes/dispatch/src/ptt/PttPanel.test.tsx'), code: "import { session } from '../core/test/consoleTest';", options, errors: [{ messageId: 'feature' }] },
      { filename: at('remotes/dispatch/src/ptt/PttPanel.tsx'), code: "import { session } from '../core/test';", options, errors: [{ messageId: 'feature' }] },
    ],
  });
});

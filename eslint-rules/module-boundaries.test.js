import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { moduleBoundaries } from './module-boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(root, 'apps/server/src/modules');
const features = path.join(root, 'apps/web/src/features');
const options = [
  {
    roots: [
      { dir: modules, name: 'module', outside: path.join(root, 'apps/server/src') },
      { dir: features, name: 'feature' },
    ],
  },
];

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('module-boundaries', moduleBoundaries, {
  valid: [
    // its own files, however deep
    { code: "import { x } from './payment-effects';", filename: `${modules}/payment/payment.service.ts`, options },
    { code: "import { x } from '../../api/tour';", filename: `${features}/tour/components/a/b.tsx`, options },
    // another module's public face: its folder or its index
    { code: "import { lockRequest } from '../request';", filename: `${modules}/payment/invoice.service.ts`, options },
    { code: "export * from '../request/index';", filename: `${modules}/payment/x.ts`, options },
    { code: "import { y } from '../../partner';", filename: `${features}/tour/components/tour-list.tsx`, options },
    // what lives outside the modules
    { code: "import { AppError } from '../../lib/app-error';", filename: `${modules}/payment/x.ts`, options },
    { code: "import { z } from '@tourdesk/contract';", filename: `${modules}/payment/x.ts`, options },
    // a file outside the server's src is not checked, nor one outside a root that does not say so
    {
      code: "import { a } from '../apps/server/src/modules/payment/payment.service';",
      filename: `${root}/scripts/x.ts`,
      options,
    },
    { code: "import { a } from '../features/tour/api/tour';", filename: `${root}/apps/web/src/app/x.tsx`, options },
    // the app reaches a module through its face
    {
      code: "import { paymentModule } from './modules/payment/index';",
      filename: `${root}/apps/server/src/app.ts`,
      options,
    },
  ],
  invalid: [
    {
      // the app, the server, the seeds and lib reach a module through its face too
      code: "import { a } from './modules/payment/payment.service';",
      filename: `${root}/apps/server/src/app.ts`,
      options,
      errors: [{ messageId: 'deep' }],
    },
    {
      code: "import { a } from '../../modules/request/request-dates';",
      filename: `${root}/apps/server/src/db/seed/demo.ts`,
      options,
      errors: [{ messageId: 'deep' }],
    },
    {
      code: "import { advanceIfPrepaid } from '../payment/payment-effects';",
      filename: `${modules}/request/request.service.ts`,
      options,
      errors: [{ messageId: 'deep' }],
    },
    {
      code: "export { x } from '../../payment/components/format';",
      filename: `${features}/organizer/components/dashboard-view.tsx`,
      options,
      errors: [{ messageId: 'deep' }],
    },
    {
      // a long way round still lands inside the other module
      code: "import('../../modules/../modules/tour/tour.service');",
      filename: `${modules}/request/sub/x.ts`,
      options,
      errors: [{ messageId: 'deep' }],
    },
  ],
});

describe('the project lint configuration', () => {
  it('fails a deep relative import across server modules and across web features', async () => {
    const eslint = new ESLint({ cwd: root });
    const [server] = await eslint.lintText("import { lockRequest } from '../request/request-seats';\nlockRequest;\n", {
      filePath: path.join(modules, 'payment', 'boundary-probe.ts'),
    });
    expect(server.messages.map((m) => m.ruleId)).toContain('tourdesk/module-boundaries');
    const [web] = await eslint.lintText("import { useUpload } from '../../tour/api/tour';\nuseUpload;\n", {
      filePath: path.join(features, 'payment', 'components', 'boundary-probe.tsx'),
    });
    expect(web.messages.map((m) => m.ruleId)).toContain('tourdesk/module-boundaries');
    const [face] = await eslint.lintText("import { lockRequest } from '../request';\nlockRequest;\n", {
      filePath: path.join(modules, 'payment', 'boundary-probe.ts'),
    });
    expect(face.messages.map((m) => m.ruleId)).not.toContain('tourdesk/module-boundaries');
  });
});

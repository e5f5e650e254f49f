import { keyIn, stepsFromRows, type Scenario, type ScriptedAttempt } from './types';

const PROFILES = Array.from({ length: 10 }, (_, i) => `profiles/conn-${i + 1}.toml`);

/**
 * A legitimate detour (SPEC §3): ten connection profiles tried one by one, the 7th works.
 * Each try has other args, so each is its own loop key and the fuse never trips.
 */
export const enumerate: Scenario = {
  id: 'enumerate',
  title: 'scenario.enumerate.title',
  summary: 'scenario.enumerate.summary',
  mode: 'one_shot',
  steps: stepsFromRows(
    [
      [
        'inventory',
        'read_file',
        'none',
        '读取候选连接配置',
        'Read the candidate connection profiles',
        { path: 'profiles/index.txt' },
      ],
      [
        'connect',
        'shell',
        'none',
        '逐个尝试连接配置',
        'Try the connection profiles',
        { cmd: 'connect', profile: PROFILES[0] as string },
      ],
      [
        'connect',
        'write_file',
        'none',
        '记下可用的配置',
        'Record the working profile',
        { path: 'config/connection.toml' },
        'config/connection.toml',
      ],
      ['verify', 'shell', 'none', '用它做一次冒烟测试', 'Smoke-test with it', { cmd: 'smoke-test' }],
    ],
    keyIn('enumerate'),
  ),
  script: {
    2: PROFILES.map((profile, i): ScriptedAttempt => ({
      args: { cmd: 'connect', profile },
      ...(i < 6 ? { fail: 'timeout' as const } : {}),
    })),
  },
  config: { maxAttemptsPerStep: 10 },
};

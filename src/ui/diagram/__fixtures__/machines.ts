/**
 * Two machines as plain data, for the layout's tests: the eight-state machine of SPEC §2 and
 * the four-state simple mode of `script-5min` (which the engine is gaining), each with the
 * edge labels the page shows in zh (the longer language for these labels).
 */
export const FULL = {
  states: ['created', 'planning', 'running', 'tool_failed', 'waiting_approval', 'completed', 'failed', 'cancelled'],
  group: { id: 'active', members: ['created', 'planning', 'running', 'tool_failed', 'waiting_approval'] },
  edges: [
    { id: 'created-planning', from: 'created', to: 'planning', text: 'START 开始' },
    { id: 'planning-running', from: 'planning', to: 'running', text: 'TICK · 计划产出' },
    { id: 'running-running', from: 'running', to: 'running', text: 'TICK · 步骤成功' },
    { id: 'running-completed', from: 'running', to: 'completed', text: 'TICK · 最后一步成功' },
    { id: 'running-tool_failed', from: 'running', to: 'tool_failed', text: 'TICK · 步骤失败' },
    { id: 'running-waiting_approval', from: 'running', to: 'waiting_approval', text: 'TICK · 高危步骤' },
    { id: 'running-planning', from: 'running', to: 'planning', text: 'REPLAN 重计划' },
    { id: 'tool_failed-running', from: 'tool_failed', to: 'running', text: 'TICK · 重试' },
    { id: 'tool_failed-failed', from: 'tool_failed', to: 'failed', text: 'TICK · 熔断 / 重试耗尽' },
    { id: 'waiting_approval-running', from: 'waiting_approval', to: 'running', text: 'APPROVE 批准' },
    { id: 'waiting_approval-tool_failed', from: 'waiting_approval', to: 'tool_failed', text: 'REJECT 拒绝' },
    { id: 'waiting_approval-waiting_approval', from: 'waiting_approval', to: 'waiting_approval', text: 'TICK · 轮询' },
    { id: 'active-cancelled', from: 'active', to: 'cancelled', text: 'CANCEL 叫停' },
  ],
};

export const SIMPLE = {
  states: ['created', 'running', 'completed', 'failed'],
  edges: [
    { id: 'created-running', from: 'created', to: 'running', text: 'START 开始' },
    { id: 'running-running', from: 'running', to: 'running', text: 'TICK · 步骤成功' },
    { id: 'running-completed', from: 'running', to: 'completed', text: 'TICK · 最后一步成功' },
    { id: 'running-failed', from: 'running', to: 'failed', text: 'TICK · 失败' },
  ],
};

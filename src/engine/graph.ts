import type { AnyStateNode } from 'xstate';
import type { StateName, TaskEventType } from 'harness-core/sim';
import type { TaskMachine } from './sim';

/** A diagram edge read off the machine: `from` is a state, or `active` for the group's CANCEL. */
interface MachineEdge {
  id: `${string}-${string}`;
  from: StateName | 'active';
  to: StateName;
  events: TaskEventType[];
}

/**
 * The machine's transitions between states, read from its definition (not drawn twice by
 * hand): every transition with a target, grouped by source and target. Transitions without a
 * target only feed the world (fault injection) and are not edges.
 */
export function machineEdges(machine: TaskMachine): MachineEdge[] {
  const edges = new Map<string, MachineEdge>();
  const visit = (node: AnyStateNode) => {
    for (const [eventType, transitions] of node.transitions) {
      for (const t of transitions) {
        for (const target of t.target ?? []) {
          const from = (node === machine.root ? 'active' : node.key) as MachineEdge['from'];
          const to = target.key as StateName;
          const id = `${from}-${to}` as const;
          const edge = edges.get(id) ?? { id, from, to, events: [] };
          if (!edge.events.includes(eventType as TaskEventType)) edge.events.push(eventType as TaskEventType);
          edges.set(id, edge);
        }
      }
    }
    if (node !== machine.root) return;
    for (const child of Object.values(node.states)) visit(child);
  };
  // The root's own transitions (CANCEL) leave every active state: the group, drawn once.
  visit(machine.root);
  return [...edges.values()];
}

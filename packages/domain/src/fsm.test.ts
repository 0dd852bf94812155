import { describe, expect, it } from 'vitest';
import { defineMachine, IllegalTransition } from './fsm';

type Light = 'red' | 'green' | 'amber' | 'off';
const machine = defineMachine<Light>({
  red: { to: ['green'] },
  green: { to: ['amber'] },
  amber: { to: ['red'] },
  off: { to: [] },
});

describe('defineMachine', () => {
  it.each([
    ['red', 'green'],
    ['green', 'amber'],
    ['amber', 'red'],
  ] as const)('allows %s -> %s', (from, to) => {
    expect(machine.canTransition(from, to)).toBe(true);
    expect(() => machine.assertTransition(from, to)).not.toThrow();
  });

  it.each([
    ['red', 'amber'],
    ['green', 'red'],
    ['off', 'red'],
    ['red', 'red'],
  ] as const)('refuses %s -> %s with {from, to}', (from, to) => {
    expect(machine.canTransition(from, to)).toBe(false);
    try {
      machine.assertTransition(from, to);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(IllegalTransition);
      expect(error).toMatchObject({ from, to });
    }
  });

  it('lists the next states and final states', () => {
    expect(machine.next('red')).toEqual(['green']);
    expect(machine.next('off')).toEqual([]);
    expect(machine.isFinal('off')).toBe(true);
    expect(machine.isFinal('red')).toBe(false);
    expect(machine.states).toEqual(['red', 'green', 'amber', 'off']);
  });

  it('treats a state missing from the table as final', () => {
    expect(machine.next('blue' as Light)).toEqual([]);
    expect(machine.canTransition('blue' as Light, 'red')).toBe(false);
  });
});

import { Decider, EventShape, fold, NewEvent } from '@fodmap/server';
import { deepStrictEqual } from 'node:assert/strict';
import { RpcException } from '@nestjs/microservices';

/** What a command's `when` leads to: the events it records, or the failure it throws. */
export interface DeciderThen<Event extends EventShape> {
  /** The command records exactly these events (`[]`: nothing happened). */
  then(expected: ReadonlyArray<NewEvent<Event>>): void;
  /** The command is refused: an RpcException's body (status and message), or an Error's message. */
  thenFails(expected: { status: number; message: string } | string): void;
}

export interface DeciderGiven<Command, Event extends EventShape> {
  when(command: Command): DeciderThen<Event>;
}

/**
 * emmett's given/when/then for a decider, as plain functions (node's assert, so the harness loads outside Jest too): given the events a stream holds, when a command is
 * decided, then it records these events or fails so.
 *   const meal = deciderSpecification(mealDecider);
 *   meal.given([created]).when(addRice).then([foodAdded]);
 */
export function deciderSpecification<State, Command, Event extends EventShape>(decider: Decider<State, Command, Event>) {
  return {
    given(events: readonly Event[]): DeciderGiven<Command, Event> {
      return {
        when(command: Command): DeciderThen<Event> {
          const decide = () => decider.decide(command, fold(decider, events));
          return {
            then(expected) {
              deepStrictEqual(decide(), expected);
            },
            thenFails(expected) {
              let failure: unknown = null;
              try {
                decide();
              } catch (error) {
                failure = error instanceof RpcException ? error.getError() : error instanceof Error ? error.message : error;
              }
              deepStrictEqual(failure, expected);
            },
          };
        },
      };
    },
  };
}

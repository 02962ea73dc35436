import { useActorRef, useSelector } from '@xstate/react'
import type { ActorOptions, AnyStateMachine, SnapshotFrom } from 'xstate'
import { inspectObserver } from './inspector'

/**
 * Starts a machine for a component, connected to the inspector when `?inspect` is on. Actors start
 * in an effect, so the server renders the initial state and runs no side effects.
 */
export function useAppActor<TMachine extends AnyStateMachine>(machine: TMachine, options: ActorOptions<TMachine> = {}) {
  const actorRef = useActorRef(machine, { ...options, inspect: inspectObserver() })
  const snapshot = useSelector(actorRef, (s) => s) as SnapshotFrom<TMachine>
  return [snapshot, actorRef] as const
}

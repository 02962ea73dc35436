import { useId } from 'react'
import { noteToggleMachine } from '@/machines/note-toggle.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { NoteField } from '@/ui/lead-form/note-field'

/** The veterinary form's optional note; the lead form owns its text, this only shows or hides it. */
export function VetNote({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const id = useId()
  const [toggle, toggleRef] = useAppActor(noteToggleMachine.provide({ actions: { clearNote: () => onValueChange('') } }))
  return (
    <NoteField
      id={`${id}-note`}
      shown={toggle.matches('shown')}
      value={value}
      onAdd={() => toggleRef.send({ type: 'note.add' })}
      onRemove={() => toggleRef.send({ type: 'note.remove' })}
      onValueChange={onValueChange}
    />
  )
}

import { useId } from 'react'
import { noteToggleMachine } from '@/machines/note-toggle.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { NoteField } from '@/ui/lead-form/note-field'

type VetNoteProps = { value: string; hydrated: boolean; onValueChange: (value: string) => void }

/**
 * The veterinary form's optional note; the lead form owns its text, this only shows or hides it.
 * Until hydration the toggle cannot work, so the note is shown; a note with text stays shown.
 */
export function VetNote({ value, hydrated, onValueChange }: VetNoteProps) {
  const id = useId()
  const [toggle, toggleRef] = useAppActor(noteToggleMachine.provide({ actions: { clearNote: () => onValueChange('') } }))
  return (
    <NoteField
      id={`${id}-note`}
      shown={!hydrated || value !== '' || toggle.matches('shown')}
      value={value}
      onAdd={() => toggleRef.send({ type: 'note.add' })}
      onRemove={() => toggleRef.send({ type: 'note.remove' })}
      onValueChange={onValueChange}
    />
  )
}

type SectionIntroProps = {
  /** Id of the h2, which names the section through aria-labelledby. */
  id: string
  eyebrow: string
  title: string
  lead: string
  centered?: boolean
}

export function SectionIntro({ id, eyebrow, title, lead, centered = false }: SectionIntroProps) {
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-xl'}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <p className="section-lead">{lead}</p>
    </div>
  )
}

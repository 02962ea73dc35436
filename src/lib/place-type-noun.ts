// Places API primary types as a visitor would say them, in the plural ('#3 of 10 vets').
const NOUNS: Record<string, string> = {
  veterinary_care: 'vets',
  dentist: 'dentists',
  dental_clinic: 'dental clinics',
  plumber: 'plumbers',
  electrician: 'electricians',
  locksmith: 'locksmiths',
  hair_salon: 'hair salons',
  hair_care: 'hair salons',
  beauty_salon: 'beauty salons',
  barber_shop: 'barbers',
  doctor: 'doctors',
  physiotherapist: 'physiotherapists',
  chiropractor: 'chiropractors',
  lawyer: 'lawyers',
  accounting: 'accountants',
  real_estate_agency: 'real estate agencies',
  car_repair: 'car repair shops',
  restaurant: 'restaurants',
  cafe: 'cafes',
  gym: 'gyms',
  pharmacy: 'pharmacies',
}

/** A readable plural for a primary type; unknown types become their words plus 's' ('florist' -> 'florists'). */
export function pluralNoun(primaryType: string, count = 2): string {
  const plural = NOUNS[primaryType] ?? `${primaryType.replaceAll('_', ' ')}${/(s|sh|ch|x)$/.test(primaryType) ? 'es' : 's'}`
  if (count !== 1) return plural
  return plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/(?<=(s|sh|ch|x))es$|s$/, '')
}

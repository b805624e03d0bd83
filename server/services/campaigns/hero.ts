/**
 * The seeded campaigns' hero pictures (`/img/lp/{name}.svg`, 1200×630 like a share card): a
 * gradient in the campaign's colours and one motif, no words (the page says those in its locale).
 */
const MOTIFS = {
  // Two quavers: the licensed music library.
  notes:
    '<path d="M560 180v220a50 40 0 1 1-30-36V230l160-36v170a50 40 0 1 1-30-36V150z" fill="#fff"/>',
  // A palette with four paints: the liver themes.
  palette:
    '<path d="M600 170c-130 0-220 80-220 160s70 130 150 120c40-5 40-40 70-40s40 40 100 30c70-12 120-60 120-120 0-90-90-150-220-150z" fill="#fff"/><circle cx="500" cy="280" r="26" fill="#f43f5e"/><circle cx="580" cy="230" r="26" fill="#f59e0b"/><circle cx="670" cy="240" r="26" fill="#22c55e"/><circle cx="730" cy="310" r="26" fill="#3b82f6"/>',
  // A gold card with a chip.
  card: '<rect x="420" y="190" width="360" height="230" rx="24" fill="#fff"/><rect x="460" y="250" width="70" height="54" rx="8" fill="#facc15"/><rect x="460" y="350" width="200" height="18" rx="9" fill="#cbd5e1"/>',
  // A heart and a ribbon.
  heart:
    '<path d="M600 430 440 280a90 90 0 0 1 160-100 90 90 0 0 1 160 100z" fill="#fff"/><path d="M560 210h80l-40 40z" fill="#f9a8d4"/>',
  // A crown over a stage.
  crown:
    '<path d="M430 380 400 200l110 90 90-130 90 130 110-90-30 180z" fill="#fde047"/><rect x="420" y="400" width="360" height="34" rx="10" fill="#fff"/>',
  // A gift box.
  gift: '<rect x="440" y="260" width="320" height="180" rx="12" fill="#fff"/><rect x="420" y="220" width="360" height="60" rx="12" fill="#fde68a"/><rect x="580" y="220" width="40" height="220" fill="#f43f5e"/><path d="M600 220c-40-60-110-40-80 0zm0 0c40-60 110-40 80 0z" fill="#f43f5e"/>',
  // A sprout: new livers.
  sprout:
    '<path d="M600 450V300" stroke="#fff" stroke-width="18" stroke-linecap="round"/><path d="M600 310c-20-70-90-100-160-90 10 70 80 110 160 90z" fill="#bbf7d0"/><path d="M600 280c20-80 100-110 170-100-10 80-90 120-170 100z" fill="#fff"/>',
  // A star with a follow plus: start following a liver.
  follow:
    '<path d="m560 170 36 80 86 8-66 58 20 86-76-46-76 46 20-86-66-58 86-8z" fill="#fff"/><circle cx="720" cy="380" r="56" fill="#fde047"/><path d="M720 350v60M690 380h60" stroke="#7c2d12" stroke-width="14" stroke-linecap="round"/>',
  // A phone with a shopping bag.
  phone:
    '<rect x="500" y="150" width="200" height="330" rx="30" fill="#fff"/><rect x="520" y="190" width="160" height="250" rx="10" fill="#fef9c3"/><path d="M560 280h80l-8 90h-64z" fill="#f97316"/><path d="M575 280v-14a25 25 0 0 1 50 0v14" stroke="#f97316" stroke-width="8" fill="none"/>',
} as const

type Motif = keyof typeof MOTIFS

const HEROES: Record<string, [from: string, to: string, motif: Motif]> = {
  bgm: ['#1e1b4b', '#7c3aed', 'notes'],
  'liver-theme': ['#0f766e', '#a3e635', 'palette'],
  showroomcard: ['#1e3a8a', '#06b6d4', 'card'],
  whiteday2024: ['#f0abfc', '#e0f2fe', 'heart'],
  idolcup: ['#831843', '#f472b6', 'crown'],
  gift_ranking: ['#7c2d12', '#fb923c', 'gift'],
  newcomer_liver: ['#14532d', '#4ade80', 'sprout'],
  oshihajime: ['#9a3412', '#fbbf24', 'follow'],
  povo: ['#111827', '#facc15', 'phone'],
}

/** The hero picture named `name`; null when there is none by that name. */
export function heroSvg(name: string): string | null {
  const hero = Object.hasOwn(HEROES, name) ? HEROES[name] : undefined
  if (!hero) return null
  const [from, to, motif] = hero
  const dots = Array.from({ length: 14 }, (_, i) => {
    const x = (i * 173 + name.length * 37) % 1200
    const y = (i * 97 + 41) % 630
    return `<circle cx="${x}" cy="${y}" r="${4 + (i % 4) * 3}" fill="#fff" opacity="0.25"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>${dots}
${MOTIFS[motif]}
</svg>`
}

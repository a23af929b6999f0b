import { contentStems } from './text-features.ts'

// A small concept lexicon for the demo lexical embedder (demo only: its topics
// are those of the demo data). A hash of words and character n-grams cannot know
// that a blender is a kitchen appliance or that a refund is a return; mapping
// words (and two-word phrases) to shared concept features gives it that much
// semantics without a model download.
const CONCEPTS: Record<string, string[]> = {
  appliance: [
    'appliance', 'blender', 'toaster', 'kettle', 'microwave', 'oven', 'stove', 'cooker', 'fridge', 'refrigerator',
    'freezer', 'dishwasher', 'mixer', 'juicer', 'coffee maker', 'espresso machine', 'air fryer', 'food processor',
    'washing machine', 'washer', 'dryer', 'vacuum', 'hoover', 'iron', 'heater', 'fan', 'air conditioner',
  ],
  kitchen: [
    'kitchen', 'blender', 'toaster', 'kettle', 'microwave', 'oven', 'stove', 'cooker', 'fridge', 'refrigerator',
    'freezer', 'dishwasher', 'mixer', 'juicer', 'coffee maker', 'espresso machine', 'air fryer', 'food processor',
    'pan', 'pot', 'knife', 'cutlery', 'cookware', 'utensil',
  ],
  return: [
    'return', 'refund', 'exchange', 'reimburse', 'reimbursement', 'money back', 'send back', 'give back', 'rma',
    'chargeback', 'replacement', 'replace', 'warranty', 'store credit',
  ],
  fault: [
    'broken', 'break', 'defect', 'defective', 'faulty', 'fault', 'damaged', 'damage', 'cracked', 'malfunction',
    'not working', 'stopped working', 'doesn work', 'won work', 'dead', 'leaking', 'leak', 'burnt', 'shattered',
  ],
  payment: [
    'payment', 'pay', 'paid', 'invoice', 'bill', 'billing', 'charge', 'charged', 'credit card', 'debit card',
    'subscription', 'price', 'cost', 'fee', 'receipt', 'purchase', 'bought', 'buy', 'order',
  ],
  shipping: [
    'shipping', 'ship', 'shipment', 'delivery', 'deliver', 'package', 'parcel', 'courier', 'tracking', 'track',
    'arrive', 'arrival', 'postage', 'dispatch', 'carrier',
  ],
  account: [
    'account', 'login', 'logon', 'signin', 'password', 'username', 'profile', 'two factor', '2fa',
    'verification', 'reset password', 'email address',
  ],
  weather: [
    'weather', 'rain', 'raining', 'sunny', 'sun', 'forecast', 'temperature', 'snow', 'storm', 'wind', 'cloudy',
    'humid', 'cold', 'hot', 'umbrella',
  ],
  travel: [
    'travel', 'trip', 'flight', 'fly', 'airport', 'hotel', 'vacation', 'holiday', 'booking', 'reservation',
    'passport', 'visa', 'itinerary', 'train', 'luggage',
  ],
  food: [
    'food', 'recipe', 'cook', 'cooking', 'bake', 'baking', 'meal', 'dinner', 'lunch', 'breakfast', 'pizza',
    'pasta', 'soup', 'salad', 'ingredient', 'restaurant', 'eat',
  ],
  health: [
    'health', 'doctor', 'medicine', 'medication', 'symptom', 'pain', 'headache', 'fever', 'sick', 'illness',
    'hospital', 'appointment', 'prescription', 'allergy',
  ],
  programming: [
    'code', 'coding', 'program', 'programming', 'function', 'compile', 'compiler', 'typescript', 'javascript',
    'python', 'bug', 'debug', 'stack trace', 'exception', 'api', 'database', 'sql', 'deploy', 'server', 'error message',
  ],
  finance: [
    'bank', 'loan', 'mortgage', 'interest rate', 'savings', 'invest', 'investment', 'stock', 'tax', 'budget',
    'salary', 'income',
  ],
  schedule: [
    'meeting', 'schedule', 'calendar', 'appointment', 'deadline', 'tomorrow', 'today', 'monday', 'tuesday',
    'wednesday', 'thursday', 'friday', 'weekend', 'next week',
  ],
  sport: ['sport', 'football', 'soccer', 'basketball', 'tennis', 'match', 'game', 'score', 'team', 'gym', 'workout', 'run'],
  music: ['music', 'song', 'album', 'band', 'concert', 'guitar', 'piano', 'playlist', 'sing', 'singer'],
  housing: ['house', 'home', 'apartment', 'flat', 'rent', 'landlord', 'renovation', 'furniture', 'room', 'garden'],
  vehicle: ['car', 'vehicle', 'engine', 'tire', 'tyre', 'brake', 'mechanic', 'garage', 'bike', 'bicycle', 'truck'],
  complaint: ['complaint', 'complain', 'unhappy', 'disappointed', 'angry', 'frustrated', 'terrible', 'awful', 'worst'],
}

/** stemmed word or "stem stem" phrase -> concepts */
const LEXICON: Map<string, string[]> = (() => {
  const lexicon = new Map<string, string[]>()
  for (const [concept, entries] of Object.entries(CONCEPTS)) {
    for (const entry of entries) {
      const key = contentStems(entry).join(' ')
      if (key === '') continue
      const concepts = lexicon.get(key) ?? []
      if (!concepts.includes(concept)) concepts.push(concept)
      lexicon.set(key, concepts)
    }
  }
  return lexicon
})()

/** Concepts named by the stems (single words and adjacent pairs), one entry per occurrence. */
export function conceptsOf(stems: string[]): string[] {
  const found: string[] = []
  stems.forEach((word, index) => {
    found.push(...(LEXICON.get(word) ?? []))
    const next = stems[index + 1]
    if (next !== undefined) found.push(...(LEXICON.get(`${word} ${next}`) ?? []))
  })
  return found
}

// The facts the evaluation conversations plant (dataset.ts) and the questions
// that ask for them. Each question is worded the way a person asks later, not
// the way the fact was said: it names the thing (a product, a person, a city)
// when people would, and paraphrases the rest ("money back" for a refund,
// "follow the parcel" for a tracking number). Several phrasings per side, drawn
// at random. Written for the conversations, not tuned to any ranking.
import { itemAt } from '../lib/item-at.ts'
import * as v from './vocabulary.ts'

export type Pick = <T>(items: readonly T[]) => T

/** One planted fact: the turns that state it (`evidence: true`) and the question about it. */
export type Fact = { kind: string; turns: { role: 'user' | 'assistant'; text: string; evidence: boolean }[]; question: string }

type FactTemplate = (pick: Pick, number: (min: number, max: number) => number) => Fact

const code = (pick: Pick, number: (min: number, max: number) => number) =>
  `${pick(['JX', 'QP', 'TR', 'LM', 'ZK', 'WB'])}${number(100000, 999999)}${pick(['GB', 'DE', 'US', 'NL'])}`

export const FACT_TEMPLATES: FactTemplate[] = [
  (pick, number) => {
    const product = pick(v.PRODUCTS)
    const courier = pick(v.COURIERS)
    const tracking = code(pick, number)
    return {
      kind: 'tracking',
      turns: [
        { role: 'user', text: pick([`Has my ${product} been sent yet?`, `Any news on the ${product} order?`]), evidence: false },
        {
          role: 'assistant',
          text: pick([
            `Yes, it left the warehouse this morning with ${courier}. Your tracking number is ${tracking}.`,
            `Good news: the ${product} shipped via ${courier}, tracking number ${tracking}, expected in three days.`,
          ]),
          evidence: true,
        },
      ],
      question: pick([
        `Which company is delivering my ${product}, and what code do I use to follow the parcel?`,
        `How can I check where the ${product} delivery is right now?`,
        `What was the shipment reference for the ${product}?`,
      ]),
    }
  },
  (pick, number) => {
    const product = pick(v.PRODUCTS)
    const amount = `${number(20, 900)} euros`
    return {
      kind: 'refund',
      turns: [
        { role: 'user', text: `The ${product} stopped working after a week. I would like my money back.`, evidence: false },
        {
          role: 'assistant',
          text: pick([
            `I have issued a refund of ${amount} to your card; banks usually take five working days.`,
            `Done: ${amount} has been refunded for the ${product}. It should reach your account within a week.`,
          ]),
          evidence: true,
        },
      ],
      question: pick([
        `How much did I get reimbursed for the ${product} that broke?`,
        `What amount came back to me after the ${product} failed?`,
        `When I returned the faulty ${product}, how much was paid back?`,
      ]),
    }
  },
  (pick) => {
    const doctor = pick(v.DOCTORS)
    const day = pick(v.DAYS)
    const time = pick(v.TIMES)
    return {
      kind: 'appointment',
      turns: [
        { role: 'user', text: pick(['Can you book me in for the knee pain?', 'I need to see someone about my back, please find a slot.']), evidence: false },
        { role: 'assistant', text: `Booked: ${doctor} will see you on ${day} at ${time} at the Riverside practice.`, evidence: true },
      ],
      question: pick([
        `When is my visit with ${doctor}?`,
        `What day and hour did you schedule with ${doctor}?`,
        `Remind me when I have to be at the practice to see ${doctor}.`,
      ]),
    }
  },
  (pick, number) => {
    const city = pick(v.CITIES)
    const gate = `${pick(['A', 'B', 'C', 'D'])}${number(1, 40)}`
    const time = pick(v.TIMES)
    const day = pick(v.DAYS)
    return {
      kind: 'flight',
      turns: [
        { role: 'user', text: pick([`I'm flying to ${city} soon, can you check my booking?`, `Please look up my trip to ${city}.`]), evidence: false },
        {
          role: 'assistant',
          text: `Your flight to ${city} departs on ${day} at ${time} from gate ${gate}. Boarding closes 20 minutes before.`,
          evidence: true,
        },
      ],
      question: pick([`What time does my plane to ${city} leave?`, `Which gate do I go to for the ${city} trip?`, `When am I taking off for ${city}?`]),
    }
  },
  (pick) => {
    const food = pick(v.FOODS)
    return {
      kind: 'allergy',
      turns: [
        {
          role: 'user',
          text: pick([
            `Just so you know, I'm allergic to ${food}, so leave it out of any recipe you suggest.`,
            `I react badly to ${food}; please never put it in meal ideas for me.`,
          ]),
          evidence: true,
        },
        { role: 'assistant', text: 'Noted, I will keep that in mind for every suggestion.', evidence: false },
      ],
      question: pick([
        'Which ingredient has to stay out of my dinners?',
        'Is there anything I cannot eat that you should remember?',
        'What food intolerance did I mention?',
      ]),
    }
  },
  (pick) => {
    const person = pick(v.PEOPLE)
    const address = `${person.toLowerCase()}.${pick(['backup', 'home', 'mail', 'personal'])}@example.org`
    return {
      kind: 'account',
      turns: [
        { role: 'user', text: `Please change the recovery email on my account to ${address}.`, evidence: true },
        { role: 'assistant', text: 'Updated. A confirmation link has been sent to the new address.', evidence: false },
      ],
      question: pick(['Which address did I set for getting back into my profile if I get locked out?', 'What is my backup contact for account recovery now?']),
    }
  },
  (pick, number) => {
    const service = pick(v.SERVICES)
    const cause = pick(v.CAUSES)
    const version = `${number(1, 9)}.${number(0, 30)}.${number(0, 9)}`
    return {
      kind: 'incident',
      turns: [
        { role: 'user', text: pick([`Why was the ${service} down last night?`, `What happened with the ${service} outage?`]), evidence: false },
        { role: 'assistant', text: `The root cause was ${cause}. We rolled back release ${version} and the ${service} recovered at 02:10.`, evidence: true },
      ],
      question: pick([
        `What broke the ${service} during that incident?`,
        `Which version did we revert when the ${service} failed?`,
        `What was behind the ${service} going offline?`,
      ]),
    }
  },
  (pick) => {
    const project = pick(v.PROJECTS)
    const person = pick(v.PEOPLE)
    const day = pick(v.DAYS)
    return {
      kind: 'meeting',
      turns: [
        { role: 'user', text: `Let's move the ${project} review to ${day}; ${person} can't make the original slot.`, evidence: true },
        { role: 'assistant', text: `Sure, I've updated the invite and let everyone know.`, evidence: false },
      ],
      question: pick([
        `When did the ${project} review get rescheduled to?`,
        `Why and to which day did we push the ${project} meeting?`,
        `Which day is the ${project} check-in now?`,
      ]),
    }
  },
  (pick, number) => {
    const project = pick(v.PROJECTS)
    const amount = `${number(5, 95)},000 dollars`
    return {
      kind: 'budget',
      turns: [
        { role: 'user', text: `Finance confirmed the ${project} budget is capped at ${amount} for this quarter.`, evidence: true },
        { role: 'assistant', text: 'Got it, I will flag any spend that would go over.', evidence: false },
      ],
      question: pick([
        `How much are we allowed to spend on ${project}?`,
        `What is the spending limit for ${project} this quarter?`,
        `What ceiling did finance put on ${project} costs?`,
      ]),
    }
  },
  (pick) => {
    const pet = pick(v.PETS)
    const medicine = pick(v.MEDICINES)
    return {
      kind: 'pet',
      turns: [
        { role: 'user', text: `The vet says ${pet} needs the ${medicine} twice a day with food.`, evidence: true },
        { role: 'assistant', text: 'I will remind you in the morning and in the evening.', evidence: false },
      ],
      question: pick([
        `How often does ${pet} take medication?`,
        `What treatment did the vet prescribe for ${pet}?`,
        `What does ${pet} have to take, and when?`,
      ]),
    }
  },
  (pick) => {
    const person = pick(v.PEOPLE)
    const product = pick(v.PRODUCTS)
    return {
      kind: 'gift',
      turns: [
        { role: 'user', text: `I ended up buying ${person} a ${product} for her birthday.`, evidence: true },
        { role: 'assistant', text: 'That sounds like a thoughtful choice.', evidence: false },
      ],
      question: pick([`What present did I get ${person}?`, `What did I give ${person} when she turned a year older?`]),
    }
  },
  (pick, number) => {
    const product = pick(v.PRODUCTS)
    const month = pick(v.MONTHS)
    const part = pick(v.PARTS)
    return {
      kind: 'warranty',
      turns: [
        { role: 'user', text: `How long is the ${product} covered?`, evidence: false },
        { role: 'assistant', text: `The warranty on your ${product} runs until ${month} ${number(2026, 2029)} and covers the ${part}.`, evidence: true },
      ],
      question: pick([`Until when is my ${product} guaranteed?`, `Which part of the ${product} would be repaired for free, and for how long?`]),
    }
  },
  (pick, number) => {
    const plan = pick(v.PLANS)
    const price = `${number(4, 40)}.99`
    return {
      kind: 'subscription',
      turns: [
        { role: 'user', text: pick(['Switch me to a cheaper streaming subscription, please.', 'I want to change my music subscription.']), evidence: false },
        { role: 'assistant', text: `You are now on the ${plan} plan at ${price} per month, starting with the next billing cycle.`, evidence: true },
      ],
      question: pick(['How much am I paying monthly after changing tiers?', 'Which tier did I move to, and what does it cost?', 'What is my new monthly fee?']),
    }
  },
  (pick) => {
    const hobby = pick(v.HOBBIES)
    const day = pick(v.DAYS)
    return {
      kind: 'hobby',
      turns: [
        { role: 'user', text: `I signed up for a ${hobby} class, it's every ${day} evening at the community centre.`, evidence: true },
        { role: 'assistant', text: 'Nice! I will keep your evenings free that day.', evidence: false },
      ],
      question: pick([`Which evening is my ${hobby} course?`, `When does the ${hobby} group I joined meet?`, `When do I go to ${hobby}?`]),
    }
  },
  (pick, number) => {
    const person = pick(v.PEOPLE)
    const city = pick(v.CITIES)
    return {
      kind: 'move',
      turns: [
        { role: 'user', text: `Big news: ${person} is relocating to ${city} in ${pick(v.MONTHS)} for a new job.`, evidence: true },
        { role: 'assistant', text: `That's exciting. Do you want me to note ${number(2, 9)} possible dates to visit?`, evidence: false },
      ],
      question: pick([`Where is ${person} moving to?`, `Which city did ${person} take a position in?`]),
    }
  },
]

/** Kinds whose questions name nothing ("What is my new monthly fee?"): stated once per person, so the question has one answer. */
const ONCE_PER_PERSON = new Set(['allergy', 'account', 'subscription'])

/** A fact of a random kind; `told` (the person's kinds so far) keeps the once-per-person kinds unique. */
export function plantFact(pick: Pick, number: (min: number, max: number) => number, random: () => number, told: Set<string>): Fact {
  for (;;) {
    const fact = itemAt(FACT_TEMPLATES, Math.floor(random() * FACT_TEMPLATES.length))(pick, number)
    if (ONCE_PER_PERSON.has(fact.kind) && told.has(fact.kind)) continue
    told.add(fact.kind)
    return fact
  }
}

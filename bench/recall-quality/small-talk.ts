// The rest of the evaluation conversations: everyday exchanges that mention
// the same products, people, places and projects as the planted facts (so a
// name alone does not find the evidence) without stating any of the facts.
import type { Pick } from './facts.ts'
import * as v from './vocabulary.ts'

type Exchange = (pick: Pick) => [user: string, assistant: string]

export const SMALL_TALK: Exchange[] = [
  (pick) => {
    const product = pick(v.PRODUCTS)
    return [
      `Do you think a ${product} is worth it for a small apartment?`,
      `It depends on how often you would use it. Reviews of mid-range ${product} models are generally good.`,
    ]
  },
  (pick) => {
    const city = pick(v.CITIES)
    return [`What is the weather usually like in ${city} in ${pick(v.MONTHS)}?`, `Mild during the day and cooler at night; pack a light jacket for ${city}.`]
  },
  (pick) => [`Can you recommend a book about ${pick(v.BOOK_TOPICS)}?`, 'Here are three well-reviewed titles, from an easy introduction to a deeper read.'],
  (pick) => {
    const person = pick(v.PEOPLE)
    return [
      `${person} and I are thinking about a weekend in ${pick(v.CITIES)}. Any ideas?`,
      'A food market in the morning, a museum after lunch and a walk by the water in the evening.',
    ]
  },
  (pick) => {
    const product = pick(v.PRODUCTS)
    return [
      `My ${product} makes a strange noise when it starts. Is that normal?`,
      `A short noise at start-up is common. If it keeps going, check the manual's troubleshooting page.`,
    ]
  },
  (pick) => [`How do I clean the ${pick(v.PRODUCTS)} properly?`, 'Unplug it, wipe it with a damp cloth and avoid harsh detergents.'],
  (pick) => {
    const project = pick(v.PROJECTS)
    return [`Can you summarise where ${project} stands?`, `${project} is on track: design is done, and the team is halfway through the build.`]
  },
  (pick) => {
    const service = pick(v.SERVICES)
    return [`The ${service} feels slow today, can you check the dashboard?`, `Latency on the ${service} is within the normal range; no alerts have fired.`]
  },
  (pick) => [`Write a short thank-you note for ${pick(v.PEOPLE)}.`, 'Thank you so much for your help this week, it made a real difference.'],
  () => [`What is a good stretch for lower back pain?`, 'A gentle child pose and knee-to-chest stretches, held for thirty seconds each.'],
  (pick) => {
    const pet = pick(v.PETS)
    return [`${pet} keeps chewing the furniture. Any tips?`, 'Offer chew toys, more exercise, and praise when the right thing gets chewed.']
  },
  (pick) => [
    `Translate "where is the train station" into Spanish.`,
    `"¿Dónde está la estación de tren?" Useful in ${pick(v.CITIES)} too, if it is a Spanish-speaking city.`,
  ],
  (pick) => [
    `Plan a quick dinner with ${pick(['chicken', 'tofu', 'salmon', 'lentils', 'mushrooms'])}.`,
    'A one-pan dish with rice, garlic and greens takes about twenty-five minutes.',
  ],
  (pick) => [
    `Remind me what ${pick(v.HOBBIES)} gear a beginner needs.`,
    'Start with the basics from a local shop; borrow the rest until you know you enjoy it.',
  ],
  (pick) => {
    const product = pick(v.PRODUCTS)
    return [
      `Compare two ${product} options for me under 300 euros.`,
      `The first has better build quality, the second more features; both have a two-year guarantee.`,
    ]
  },
  () => [`What's the difference between a Roth and a traditional retirement account?`, 'One is taxed when you put money in, the other when you take it out.'],
  (pick) => [
    `${pick(v.PEOPLE)} asked about our holiday plans. What should I say?`,
    'Say you are still deciding and will share dates once the bookings are confirmed.',
  ],
  (pick) => [
    `How many steps did my ${pick(['smartwatch', 'phone', 'fitness band'])} count yesterday?`,
    'About 8,400 steps, a little above your weekly average.',
  ],
  (pick) => [
    `Draft an email to the team about the ${pick(v.PROJECTS)} launch date.`,
    'Here is a draft announcing the date, the owners of each task and where to ask questions.',
  ],
  (pick) => [`Is it a good idea to order from ${pick(v.COURIERS)} pick-up points?`, 'Pick-up points are convenient when nobody is home during the day.'],
]

export const GREETINGS = ['Hi again!', 'Good morning.', 'Hey, quick question.', 'Hello!', 'Evening, I need a hand with a few things.']
export const REPLIES = ['Hi! What can I do for you?', 'Good morning, happy to help.', 'Sure, go ahead.', 'Hello! How can I help today?']

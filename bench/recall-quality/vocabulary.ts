// The slot values of the evaluation conversations (dataset.ts): the things
// people talk to an assistant about. Plain lists; nothing here knows how
// recall ranks.

export const PRODUCTS = [
  'espresso machine',
  'standing desk',
  'road bike',
  'air purifier',
  'blender',
  'laptop',
  'noise-cancelling headphones',
  'mirrorless camera',
  'electric kettle',
  'memory foam mattress',
  'robot vacuum',
  'smartwatch',
  'office chair',
  'gaming monitor',
  'rice cooker',
  'e-reader',
  'dishwasher',
  'electric toothbrush',
  'hiking boots',
  'winter jacket',
]
export const COURIERS = ['DHL', 'UPS', 'FedEx', 'Royal Mail', 'DPD', 'GLS', 'PostNL', 'Hermes']
export const CITIES = ['Lisbon', 'Osaka', 'Toronto', 'Nairobi', 'Krakow', 'Melbourne', 'Bogota', 'Reykjavik', 'Seville', 'Hanoi', 'Vancouver', 'Tallinn']
export const PEOPLE = ['Priya', 'Marco', 'Aisha', 'Tomasz', 'Yuki', 'Elena', 'Kwame', 'Sofia', 'Liam', 'Mei', 'Rafael', 'Ingrid', 'Omar', 'Chloe']
export const DOCTORS = ['Dr. Okafor', 'Dr. Lindqvist', 'Dr. Haddad', 'Dr. Moreau', 'Dr. Tanaka', 'Dr. Alvarez']
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const TIMES = ['8:15', '9:40', '10:30', '11:05', '13:20', '14:45', '16:10', '17:30', '19:55']
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
export const SERVICES = ['checkout API', 'search service', 'billing worker', 'login gateway', 'image resizer', 'notification queue', 'reporting dashboard']
export const CAUSES = [
  'an expired TLS certificate',
  'a full disk on the primary database',
  'a bad feature flag',
  'a memory leak in the new release',
  'DNS misconfiguration',
  'a saturated connection pool',
  'a runaway cron job',
  'a schema migration that locked the orders table',
]
export const PROJECTS = ['Atlas', 'Beacon', 'Cobalt', 'Driftwood', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Juniper', 'Lantern']
export const FOODS = ['peanuts', 'shellfish', 'gluten', 'sesame', 'dairy', 'eggs', 'soy', 'mustard']
export const PETS = ['Biscuit', 'Luna', 'Pepper', 'Mochi', 'Rex', 'Olive', 'Ziggy', 'Nala']
export const MEDICINES = ['thyroid tablets', 'joint supplement', 'antibiotics', 'eye drops', 'heart pills', 'allergy chews']
export const PLANS = ['Basic', 'Plus', 'Family', 'Pro', 'Student', 'Premium']
export const HOBBIES = ['pottery', 'bouldering', 'sourdough baking', 'chess', 'salsa dancing', 'birdwatching', 'woodworking', 'watercolour painting']
export const BOOK_TOPICS = [
  'the history of Rome',
  'habit building',
  'ocean ecology',
  'behavioural economics',
  'space exploration',
  'Japanese cooking',
  'stoic philosophy',
]
export const PARTS = ['motor', 'battery', 'screen', 'heating element', 'frame', 'compressor', 'hinge']

/**
 * Content of the static My Portfolio page (docs/requirements.md §2). Everything is local: no external images or scripts.
 * Replace these values to present another person.
 */
export const portfolio = {
  name: 'Alex Morgan',
  role: 'Full-stack JavaScript developer',
  location: 'Austin, Texas',
  bio: [
    'I build fast, accessible web applications with TypeScript, React and Node.js, from the database schema to the last pixel of the checkout page.',
    'I care about software that people can rely on: clear data models, tests that describe behaviour, pages that load quickly on a phone and work with a keyboard and a screen reader.',
  ],
  skills: [
    {
      group: 'Front end',
      items: [
        'TypeScript',
        'React',
        'React Router',
        'TanStack Query',
        'Tailwind CSS',
        'Accessibility (WCAG 2.2)',
      ],
    },
    {
      group: 'Back end',
      items: ['Node.js', 'Fastify', 'Express', 'PostgreSQL', 'REST API design', 'Authentication'],
    },
    {
      group: 'Quality and delivery',
      items: ['Vitest', 'Testing Library', 'Playwright', 'Git', 'Continuous integration', 'Docker'],
    },
  ],
  projects: [
    {
      name: 'PartsForge',
      summary:
        'A wholesale shop for car replacement parts: a catalogue of parts by category and make, bulk orders bounded by minimum order quantity and stock, card payments and an admin dashboard for users, orders and products.',
      stack: ['React', 'TanStack Query', 'Fastify', 'PostgreSQL'],
    },
    {
      name: 'Workshop Scheduler',
      summary:
        'Booking for a car repair workshop: customers pick a service and a free slot, mechanics see their bays on a day calendar, and reminders go out the day before.',
      stack: ['React', 'Node.js', 'PostgreSQL'],
    },
    {
      name: 'Fuel Log',
      summary:
        "An offline-first progressive web app that records refuelling stops, works without a connection and charts each vehicle's fuel economy over time.",
      stack: ['TypeScript', 'IndexedDB', 'Service workers'],
    },
  ],
  education: [
    {
      title: 'B.Sc. in Computer Science and Engineering',
      place: 'Lakeside Technical University',
      years: '2016 – 2020',
    },
    { title: 'Web Accessibility Specialist coursework', place: 'Online, self-paced', years: '2022' },
  ],
  contact: {
    email: 'alex.morgan@example.com',
    /** 555-01xx numbers are reserved for fiction. */
    phone: '+1 555 0142',
  },
} as const;

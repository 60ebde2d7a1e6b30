/** A block of an answer: a paragraph, a bulleted list or a code sample. */
export type BlogBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'code'; label: string; code: string };

export interface BlogPost {
  id: string;
  question: string;
  blocks: readonly BlogBlock[];
}

/** The five fixed questions and answers of the Blogs page (docs/requirements.md §2). */
export const blogPosts: readonly BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    blocks: [
      {
        kind: 'paragraph',
        text: "Start by measuring, not guessing. Profile a production build with the React DevTools Profiler to see which components render, how often and how long they take, and use Lighthouse or the browser's Performance panel to see what the user waits for: downloading JavaScript, fetching data, or rendering. A development build is several times slower than a production build, so never judge speed from it.",
      },
      {
        kind: 'paragraph',
        text: 'Most slow React screens render too much, too often. Keep state as close as possible to the components that use it, so that typing in a search box does not re-render the whole page. Split a large context into smaller ones, or pass values that change rarely, because every consumer of a context re-renders when its value changes. Wrap expensive children in React.memo and give them stable props with useMemo and useCallback where profiling shows it pays off (the React Compiler can add this memoisation automatically). Give list items stable keys, such as database ids, never array indexes of a list that can be reordered, and render only the visible rows of very long lists with a virtualisation library such as TanStack Virtual.',
      },
      {
        kind: 'paragraph',
        text: "Ship less JavaScript. Split the code by route with dynamic import() and React.lazy (or the router's lazy routes) so the first page downloads only what it needs, check the bundle for heavy dependencies that have lighter alternatives, and let the bundler tree-shake by importing only what you use.",
      },
      {
        kind: 'list',
        items: [
          'Cache server data with a library such as TanStack Query, fetch independent data in parallel and avoid request waterfalls.',
          'Keep typing and clicking responsive during heavy updates with useTransition or useDeferredValue, and debounce work triggered by every keystroke.',
          'Give images explicit width and height, load images below the fold lazily and serve them in a suitable size and format.',
          'Use the system font stack or preload the few font files you need, so text does not jump when fonts arrive.',
        ],
      },
      {
        kind: 'code',
        label: 'Keeping a filtered list responsive while the user types',
        code: `function PartFinder({ parts }: { parts: Part[] }) {
  const [query, setQuery] = useState('');
  // The list re-renders with a slightly stale query while React keeps the input responsive.
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(
    () => parts.filter((part) => part.name.toLowerCase().includes(deferredQuery.toLowerCase())),
    [parts, deferredQuery],
  );
  return (
    <>
      <input value={query} onChange={(event) => setQuery(event.target.value)} />
      <PartList parts={matches} />
    </>
  );
}`,
      },
      {
        kind: 'paragraph',
        text: 'Finally, measure again after each change and keep a budget (for example the size of the JavaScript the home page loads) in continuous integration, so performance does not quietly decay.',
      },
    ],
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage a state in a React application?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'State is any data that changes over time and affects what the user sees. React offers several places to keep it, and the best choice is usually the smallest scope that works.',
      },
      {
        kind: 'list',
        items: [
          'Local state with useState or useReducer: values only one component needs, such as whether a menu is open or the text of an input. useReducer suits state with several related fields and named transitions.',
          'Lifted state: when siblings need the same value, move it to their closest common parent and pass it down as props, together with callbacks that change it.',
          'Context: values many components at different depths read, but that change rarely, such as the signed-in user, the theme or the language. Every consumer re-renders when the value changes, so context is a poor fit for fast-changing data.',
          'The URL: filters, search terms, sort order, the current page and the selected item belong in route parameters and query strings. They survive a reload and can be bookmarked and shared.',
          'Server state: data that lives on a server, such as products and orders, is best held by a data-fetching cache like TanStack Query, SWR or RTK Query. They handle loading and error states, caching, de-duplication, retries and refetching after a mutation.',
          'Global client state libraries: Redux Toolkit, Zustand, Jotai or MobX, for client-side state that many distant components read and update often, such as a shopping cart or a complex editor. Components subscribe only to the slice they use.',
          'Form state: libraries such as React Hook Form keep field values, validation and errors without re-rendering the whole form on every keystroke.',
          'Browser storage: localStorage, sessionStorage or IndexedDB persist state between visits, such as a saved cart or an access token.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'A practical rule: start with local state, lift it when it must be shared, put data from the server in a query cache, keep shareable view settings in the URL, and reach for a global store only when these are not enough. Mixing them is normal: a product page can read the product from the query cache, the selected tab from the URL and the quantity being typed from local state.',
      },
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    blocks: [
      {
        kind: 'paragraph',
        text: "In JavaScript every object has a hidden link to another object, its prototype (you can read it with Object.getPrototypeOf). When you read a property, the engine first looks at the object's own properties; if the property is not there, it follows the link to the prototype, then to the prototype's prototype, and so on. This path is the prototype chain. It ends at Object.prototype, whose prototype is null; if the property is found nowhere, the result is undefined.",
      },
      {
        kind: 'paragraph',
        text: 'Objects therefore inherit directly from other objects, not from classes. Methods placed on a prototype are shared by every object linked to it, which saves memory: a thousand cars share one describe function. Writing a property, on the other hand, always creates or changes an own property of the object itself, which shadows the inherited one without touching the prototype.',
      },
      {
        kind: 'code',
        label: 'Objects linked with Object.create',
        code: `const vehicle = {
  wheels: 4,
  describe() {
    return \`\${this.make} on \${this.wheels} wheels\`;
  },
};

const car = Object.create(vehicle); // car's prototype is vehicle
car.make = 'Toyota';

car.describe();                          // 'Toyota on 4 wheels' (describe is inherited)
Object.hasOwn(car, 'wheels');            // false: found on the prototype
Object.getPrototypeOf(car) === vehicle;  // true

car.wheels = 6; // a new own property shadows vehicle.wheels; vehicle is unchanged`,
      },
      {
        kind: 'paragraph',
        text: "Constructor functions and classes use the same mechanism. Every function has a prototype property; new Part() creates an object whose prototype is Part.prototype, then runs the function with this bound to the new object. The class syntax is a clearer way to write the same thing: methods go on the class's prototype, and class Brake extends Part links Brake.prototype to Part.prototype, so a brake finds its own methods first and then the part's. super calls the next link of the chain.",
      },
      {
        kind: 'code',
        label: 'The same chain built with classes',
        code: `class Part {
  constructor(name) { this.name = name; }
  label() { return this.name; }
}

class BrakePad extends Part {
  label() { return \`\${super.label()} (brakes)\`; }
}

const pad = new BrakePad('Ceramic pad set');
pad.label(); // 'Ceramic pad set (brakes)'
Object.getPrototypeOf(pad) === BrakePad.prototype;                 // true
Object.getPrototypeOf(BrakePad.prototype) === Part.prototype;      // true`,
      },
      {
        kind: 'paragraph',
        text: 'Two practical notes: prefer Object.hasOwn (or hasOwnProperty) when you need to know whether a property belongs to the object itself, and avoid changing the prototype of an existing object with Object.setPrototypeOf, because engines optimise objects assuming their prototype stays the same.',
      },
    ],
  },
  {
    id: 'product-search',
    question:
      'You have an array of products. Each product has a name, price, description, etc. How will you implement a search to find products by name?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Filter the array, keeping the products whose name contains the search text. To make the search forgiving, compare normalised strings: trim the query, ignore letter case, and optionally ignore accents, so that "brake pad" finds "Brake Pad Set". If the query has several words, keep the products whose name contains every word, in any order. An empty query returns all products.',
      },
      {
        kind: 'code',
        label: 'search-products.ts',
        code: `interface Product {
  name: string;
  price: number;
  description: string;
}

/** Lower case, without accents or surrounding spaces. */
const normalise = (text: string) =>
  text.normalize('NFD').replace(/\\p{Diacritic}/gu, '').toLowerCase().trim();

export function searchProducts(products: readonly Product[], query: string): Product[] {
  const words = normalise(query).split(/\\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((product) => {
    const name = normalise(product.name);
    return words.every((word) => name.includes(word));
  });
}

searchProducts(parts, 'oil filter'); // every part whose name has both "oil" and "filter"`,
      },
      {
        kind: 'paragraph',
        text: 'Results usually read better when ranked: names that start with the query first, then names that merely contain it, for example by sorting on name.startsWith(query). In React, keep the query in state (or in the URL, so a search can be shared), compute the filtered list with useMemo, and use useDeferredValue so typing stays smooth while a long list re-renders.',
      },
      {
        kind: 'paragraph',
        text: 'Filtering in the browser works for a few thousand products that are already loaded. A real catalogue with tens of thousands of parts should be searched on the server instead: send the query to an API endpoint, let the database use an index built for text search (full-text search or trigram matching in PostgreSQL), and return one page of results at a time. Debounce the requests by a few hundred milliseconds and cancel outdated ones, so that each keystroke does not start a new search.',
      },
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    blocks: [
      {
        kind: 'paragraph',
        text: 'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it prepares an input, runs the code and asserts the result. Unit tests run in milliseconds, without a browser or a server, so a project can have thousands of them and run them on every change.',
      },
      {
        kind: 'list',
        items: [
          'They catch bugs early, when they are cheapest to fix: a mistake is found minutes after it is written instead of by a customer weeks later.',
          'They prevent regressions: once a bug is fixed and covered by a test, it cannot come back unnoticed.',
          'They make refactoring safe: you can restructure code and know within seconds whether it still behaves the same.',
          'They document behaviour: a test named "rejects a quantity below the minimum order quantity" tells the next developer what the code is meant to do, and unlike a comment it cannot go out of date.',
          'They improve design: code that is easy to test tends to be made of small parts with clear inputs and outputs and few hidden dependencies.',
          'They speed up teams: continuous integration runs the tests on every pull request, so reviewers can focus on the idea instead of re-checking old features by hand.',
        ],
      },
      {
        kind: 'code',
        label: 'A unit test with Vitest',
        code: `import { describe, expect, it } from 'vitest';
import { searchProducts } from './search-products';

const products = [
  { name: 'Brake Pad Set', price: 39.5, description: 'Ceramic, front axle' },
  { name: 'Oil Filter', price: 6.2, description: 'Spin-on filter' },
];

describe('searchProducts', () => {
  it('finds products by name regardless of case', () => {
    expect(searchProducts(products, 'brake PAD').map((p) => p.name)).toEqual(['Brake Pad Set']);
  });

  it('returns every product for an empty query', () => {
    expect(searchProducts(products, '   ')).toHaveLength(2);
  });
});`,
      },
      {
        kind: 'paragraph',
        text: 'Good unit tests check behaviour that a user or a caller can observe, not implementation details, so they keep passing when the code is improved and fail only when something is really broken. For React components, Testing Library renders the component and finds elements the way a user does, by their role and text. Unit tests do not prove that the parts work together, so they are combined with integration tests (for example an API with a real database) and a few end-to-end tests that drive the real application in a browser.',
      },
    ],
  },
];

import { Link } from 'react-router';
import { portfolio } from '../portfolio-data';
import { paths } from '@/lib/paths';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A one-page personal portfolio: who, what they do, what they built, where they learnt, how to reach them. */
export function PortfolioProfile() {
  return (
    <div className="space-y-12">
      <section aria-labelledby="portfolio-about" className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div
          aria-hidden="true"
          className="flex size-28 shrink-0 items-center justify-center rounded-full bg-primary text-4xl font-bold text-primary-content"
        >
          {initials(portfolio.name)}
        </div>
        <div>
          <h2 id="portfolio-about" className="text-2xl font-bold">
            {portfolio.name}
          </h2>
          <p className="text-lg font-medium text-primary">{portfolio.role}</p>
          <p className="text-base-content/80">{portfolio.location}</p>
          <div className="mt-4 max-w-prose space-y-3 leading-relaxed">
            {portfolio.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="portfolio-skills">
        <h2 id="portfolio-skills" className="text-2xl font-bold">
          Skills
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {portfolio.skills.map((skill) => (
            <div key={skill.group} className="rounded-box bg-base-200 p-5">
              <h3 className="font-semibold">{skill.group}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {skill.items.map((item) => (
                  <li
                    key={item}
                    className="rounded-full border border-base-300 bg-base-100 px-3 py-1 text-sm"
                  >
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="portfolio-projects">
        <h2 id="portfolio-projects" className="text-2xl font-bold">
          Projects
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {portfolio.projects.map((project) => (
            <li key={project.name} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h3 className="card-title">{project.name}</h3>
                <p className="text-base-content/85">{project.summary}</p>
                <p className="mt-2 text-sm font-medium text-base-content/80">{project.stack.join(' · ')}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-education">
        <h2 id="portfolio-education" className="text-2xl font-bold">
          Education
        </h2>
        <ul className="mt-4 space-y-4">
          {portfolio.education.map((entry) => (
            <li key={entry.title} className="border-l-4 border-primary pl-4">
              <h3 className="font-semibold">{entry.title}</h3>
              <p className="text-base-content/80">
                {entry.place}, {entry.years}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-contact">
        <h2 id="portfolio-contact" className="text-2xl font-bold">
          Contact
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          <li>
            <a href={`mailto:${portfolio.contact.email}`} className="btn btn-primary">
              Email {portfolio.contact.email}
            </a>
          </li>
          <li>
            <a href={`tel:${portfolio.contact.phone.replace(/\s+/g, '')}`} className="btn btn-outline">
              Call {portfolio.contact.phone}
            </a>
          </li>
          <li>
            <Link to={paths.contactUs.href()} className="btn btn-outline">
              Contact page
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

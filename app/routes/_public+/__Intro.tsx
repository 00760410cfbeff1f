// The landing page's first sections: the hero, About, Features and the strip of exams.
import { Link } from "@remix-run/react";
import { academy } from "~/lib/rules/academy";

const EXAMS = ["TET", "SET", "NET", "UG TRB", "PG TRB", "COLLEGE TRB", "TN TET", "KERALA SET", "UGC NET", "POLYTECHNIC TRB"];

const STATS = [
  ["20,000+", "MCQs"],
  ["500+", "MCQ Practice Tests"],
  ["95%", "Success Rate"],
  ["24/7", "Expert Support"],
] as const;

export function Hero() {
  return (
    <section id="home" className="scroll-mt-16 bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">TET · SET · NET · UG/PG/College TRB</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl">
          Crack your English Literature exam with India's sharpest test series
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          Timed mock tests in the real exam pattern, detailed explanations for every question and results that show you exactly where to improve.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/login" className="btn bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50">
            Start Your Journey
          </Link>
          <a href="#features" className="btn border border-white/40 px-6 py-3 text-base text-white hover:bg-white/10">
            Explore Features
          </a>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {STATS.map(([value, label]) => (
            <div key={label} className="rounded-xl bg-white/10 p-4 text-center">
              <dd className="text-2xl font-extrabold sm:text-3xl">{value}</dd>
              <dt className="mt-1 text-sm text-brand-100">{label}</dt>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function About() {
  return (
    <section id="about" className="scroll-mt-16 mx-auto max-w-7xl px-4 py-14">
      <div className="grid items-center gap-8 md:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold">About {academy.name}</h2>
          <p className="mt-4 text-slate-700">
            We are a team of English Literature teachers who have coached aspirants for the Teacher Eligibility Test, the State and National Eligibility Tests
            and the Teachers Recruitment Board examinations for over a decade.
          </p>
          <p className="mt-3 text-slate-700">
            Every test is written by subject experts, from Chaucer to postcolonial theory, and follows the pattern of the examination it prepares you for. You
            practise on a screen that works like the real computer-based test, on any phone.
          </p>
        </div>
        <ul className="grid grid-cols-2 gap-3 text-center">
          {[
            ["Period-wise", "units from Old English to the present"],
            ["Exam pattern", "timed, with a real question palette"],
            ["Explained", "every answer, with the reason"],
            ["Tracked", "scores, ranks and progress"],
          ].map(([title, text]) => (
            <li key={title} className="card p-4">
              <p className="font-bold text-brand-700">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const FEATURES = [
  ["Timed Mock Tests", "Full-length and unit-wise tests with a server-held timer, exactly like exam day."],
  ["Detailed Explanations", "Every question comes with the correct answer and a short explanation after you finish."],
  ["Performance Analytics", "Your score, accuracy, rank and time per question, test after test."],
  ["Free Study Materials", "Notes and previous papers curated by our faculty, free to preview and download."],
] as const;

export function Features() {
  return (
    <section id="features" className="scroll-mt-16 bg-white py-14">
      <div className="mx-auto max-w-7xl px-4">
        <h2 className="text-center text-3xl font-bold">Why students choose us</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(([title, text], i) => (
            <li key={title} className="card p-5">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 text-lg font-bold text-brand-700" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ExamStrip() {
  return (
    <section aria-label="Exams we prepare you for" className="overflow-hidden border-y border-slate-200 bg-brand-50 py-3">
      <div className="marquee flex w-max gap-10 whitespace-nowrap text-lg font-bold text-brand-800">
        {[...EXAMS, ...EXAMS].map((name, i) => (
          <span key={i} aria-hidden={i >= EXAMS.length ? "true" : undefined}>
            {name}
          </span>
        ))}
      </div>
    </section>
  );
}

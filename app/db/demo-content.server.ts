/** Real-looking English Literature content for the demo site (seeded unless SEED_DEMO=false). */
type Q = [question: string, options: string[], correct: number, explanation: string];

export type DemoTest = {
  title: string;
  description: string;
  examType: string;
  unitNumber: number | null;
  unitName: string | null;
  duration: number;
  maxAttempts: number | null;
  /** an exam pattern (app/lib/rules/exam-pattern.ts); +1 / 0 when not given */
  marksPerCorrect?: number;
  negativeMarks?: number;
  questions: Q[];
  /** each question's topic, by position (the results' "Topics to revise" and My mistakes' topic filter) */
  topics?: string[];
};

export const demoTests: DemoTest[] = [
  {
    title: "Chaucer and the Age of Transition",
    description: "Middle English literature from Chaucer to the early Tudor poets.",
    examType: "NET",
    unitNumber: 1,
    unitName: "Chaucer to the Elizabethans",
    duration: 15,
    maxAttempts: null,
    topics: [
      "Chaucer",
      "Chaucer",
      "Middle English poetry",
      "Early prose and printing",
      "Tudor poetry",
      "Tudor poetry",
      "Chaucer",
      "Early drama",
      "Early drama",
      "Early drama",
    ],
    questions: [
      [
        'Who is called the "Father of English Poetry"?',
        ["John Gower", "Geoffrey Chaucer", "William Langland", "John Lydgate"],
        1,
        'Dryden called Chaucer "the father of English poetry" in the Preface to the Fables (1700).',
      ],
      [
        "How many pilgrims, besides Chaucer, set out in the General Prologue of The Canterbury Tales?",
        ["Twenty-nine", "Thirty-one", "Twenty-four", "Thirty-three"],
        0,
        '"Wel nyne and twenty in a compaignye": twenty-nine pilgrims meet at the Tabard Inn.',
      ],
      [
        "Piers Plowman is attributed to",
        ["John Gower", "William Langland", "The Pearl Poet", "Thomas Malory"],
        1,
        "William Langland's alliterative dream vision survives in A, B and C texts.",
      ],
      [
        "Le Morte d'Arthur was printed by",
        ["Wynkyn de Worde", "William Caxton", "Richard Pynson", "John Rastell"],
        1,
        "Caxton printed Malory's Le Morte d'Arthur in 1485.",
      ],
      [
        "Which poet introduced the sonnet into English?",
        ["Henry Howard, Earl of Surrey", "Sir Thomas Wyatt", "Sir Philip Sidney", "Edmund Spenser"],
        1,
        "Wyatt translated and adapted Petrarch's sonnets; Surrey developed the English form.",
      ],
      [
        "Blank verse was first used in English by",
        ["Christopher Marlowe", "Thomas Sackville", "Henry Howard, Earl of Surrey", "Thomas Kyd"],
        2,
        "Surrey's translation of books II and IV of the Aeneid is the first English blank verse.",
      ],
      [
        "Troilus and Criseyde is written in",
        ["Heroic couplets", "Rhyme royal", "Ottava rima", "Terza rima"],
        1,
        "Chaucer's rhyme royal stanza has seven lines rhyming ababbcc.",
      ],
      [
        "Gorboduc, the first English tragedy in blank verse, was written by",
        ["Sackville and Norton", "Udall", "Kyd", "Peele"],
        0,
        "Thomas Sackville and Thomas Norton wrote Gorboduc (1561).",
      ],
      [
        "The first regular English comedy is",
        ["Gammer Gurton's Needle", "Ralph Roister Doister", "Everyman", "The Spanish Tragedy"],
        1,
        "Nicholas Udall's Ralph Roister Doister (c. 1553) follows Plautus and Terence.",
      ],
      [
        "Which of these is a morality play?",
        ["The Second Shepherds' Play", "Everyman", "Noah's Flood", "Tamburlaine"],
        1,
        "Everyman personifies abstractions such as Good Deeds and Knowledge.",
      ],
    ],
  },
  {
    title: "Romantic Poets: Wordsworth to Keats",
    description: "The Romantic revival: Lyrical Ballads, the younger Romantics and their odes.",
    examType: "NET",
    unitNumber: 2,
    unitName: "The Romantic Period",
    duration: 15,
    maxAttempts: 3,
    questions: [
      [
        "Lyrical Ballads was first published in",
        ["1789", "1798", "1802", "1817"],
        1,
        "Wordsworth and Coleridge published Lyrical Ballads anonymously in 1798.",
      ],
      [
        'Poetry is "the spontaneous overflow of powerful feelings" comes from',
        ["Biographia Literaria", "Preface to Lyrical Ballads", "A Defence of Poetry", "The Prelude"],
        1,
        "Wordsworth's Preface to the second edition (1800).",
      ],
      [
        'Which poem by Coleridge is subtitled "A Vision in a Dream"?',
        ["Christabel", "Kubla Khan", "Dejection: An Ode", "Frost at Midnight"],
        1,
        "Kubla Khan, or, A Vision in a Dream: A Fragment (1816).",
      ],
      [
        '"Beauty is truth, truth beauty" ends',
        ["Ode to a Nightingale", "Ode on a Grecian Urn", "To Autumn", "Ode on Melancholy"],
        1,
        "The closing lines of Keats's Ode on a Grecian Urn (1819).",
      ],
      ["Adonais is an elegy by Shelley on the death of", ["Byron", "Keats", "Chatterton", "Southey"], 1, "Shelley mourned Keats in Adonais (1821)."],
      [
        '"Negative Capability" was described by Keats in a letter to',
        ["Fanny Brawne", "his brothers George and Tom", "Benjamin Bailey", "John Hamilton Reynolds"],
        1,
        "Letter of December 1817 to George and Tom Keats.",
      ],
      ["Don Juan is written in", ["Spenserian stanza", "Ottava rima", "Terza rima", "Blank verse"], 1, "Byron's comic epic uses ottava rima (abababcc)."],
      [
        "The Prelude is subtitled",
        ["Growth of a Poet's Mind", "An Autobiographical Poem", "The Recluse", "Memorials of a Tour"],
        0,
        "The Prelude, or, Growth of a Poet's Mind was published posthumously in 1850.",
      ],
      [
        '"The Eve of St. Agnes" is written in',
        ["Rhyme royal", "Spenserian stanza", "Heroic couplet", "Ballad metre"],
        1,
        "Keats uses the nine-line Spenserian stanza.",
      ],
      [
        "Who wrote A Defence of Poetry (1821)?",
        ["Sidney", "Shelley", "Peacock", "Hazlitt"],
        1,
        "Shelley's essay answers Peacock's The Four Ages of Poetry; \"Poets are the unacknowledged legislators of the world\".",
      ],
    ],
  },
  {
    title: "NET English Full Mock Test 1",
    description: "A mixed paper across periods, criticism and theory in the NET pattern.",
    examType: "NET",
    unitNumber: null,
    unitName: null,
    duration: 20,
    maxAttempts: null,
    topics: ["Criticism", "Criticism", "Theory", "Theory", "Fiction", "Drama", "Fiction", "Poetry", "Fiction", "Criticism"],
    questions: [
      [
        'Who wrote "Tradition and the Individual Talent"?',
        ["I. A. Richards", "T. S. Eliot", "F. R. Leavis", "Cleanth Brooks"],
        1,
        "Eliot's essay appeared in The Egoist in 1919.",
      ],
      [
        'The term "objective correlative" was used by Eliot in his essay on',
        ["Dante", "Hamlet", "Milton", "the Metaphysical Poets"],
        1,
        '"Hamlet and His Problems" (1919).',
      ],
      [
        "Orientalism (1978) was written by",
        ["Homi K. Bhabha", "Edward Said", "Gayatri Spivak", "Frantz Fanon"],
        1,
        "Said's study of Western representations of the East.",
      ],
      [
        '"Can the Subaltern Speak?" is an essay by',
        ["Gayatri Chakravorty Spivak", "Ranajit Guha", "Aijaz Ahmad", "Partha Chatterjee"],
        0,
        "Spivak's essay was published in 1988.",
      ],
      [
        'Which novel begins "It is a truth universally acknowledged"?',
        ["Emma", "Pride and Prejudice", "Sense and Sensibility", "Persuasion"],
        1,
        "The opening sentence of Pride and Prejudice (1813).",
      ],
      ["Waiting for Godot was first written in", ["English", "French", "German", "Irish"], 1, "Beckett wrote En attendant Godot in French (premiered 1953)."],
      [
        'The "Stream of consciousness" phrase was coined by',
        ["William James", "Henry James", "Virginia Woolf", "Dorothy Richardson"],
        0,
        "William James used it in The Principles of Psychology (1890).",
      ],
      ["Who wrote The Waste Land?", ["W. B. Yeats", "T. S. Eliot", "Ezra Pound", "W. H. Auden"], 1, "Published in 1922, edited by Ezra Pound."],
      ["Mrs Dalloway is set over the course of", ["one day", "one week", "one year", "ten years"], 0, "A single June day in London, 1923."],
      ["The Anxiety of Influence is by", ["Harold Bloom", "Northrop Frye", "Stanley Fish", "Wolfgang Iser"], 0, "Bloom's theory of poetry (1973)."],
    ],
  },
  {
    title: "English Grammar and Pedagogy",
    description: "Parts of speech, tenses, and approaches to teaching English at school level.",
    examType: "TET",
    unitNumber: 1,
    unitName: "Language and Pedagogy",
    duration: 10,
    maxAttempts: null,
    questions: [
      ["Choose the correct form: She ____ to school every day.", ["go", "goes", "going", "gone"], 1, "Third person singular present simple takes -s/-es."],
      [
        "The Direct Method of teaching English stresses",
        ["translation", "grammar rules first", "speaking in the target language", "reading aloud only"],
        2,
        "The Direct Method avoids the mother tongue and teaches through the target language.",
      ],
      ["Which is an abstract noun?", ["Teacher", "Honesty", "Classroom", "Chalk"], 1, "Honesty names a quality, not a thing you can touch."],
      ['The plural of "criterion" is', ["criterions", "criteria", "criterias", "criterion"], 1, "A Greek loan word: criterion, criteria."],
      [
        "LSRW stands for",
        [
          "Listening, Speaking, Reading, Writing",
          "Learning, Speaking, Reading, Writing",
          "Listening, Spelling, Reading, Writing",
          "Language, Speech, Reading, Writing",
        ],
        0,
        "The four language skills, in the order children usually acquire them.",
      ],
      ["Identify the adverb: He ran quickly to the bus.", ["ran", "quickly", "bus", "to"], 1, "Quickly modifies the verb ran."],
      [
        "Remedial teaching is meant for",
        ["gifted learners", "learners with specific difficulties", "all learners equally", "teachers"],
        1,
        "It addresses difficulties found through diagnostic testing.",
      ],
      [
        "Choose the passive: The teacher praised the students.",
        [
          "The students praised the teacher.",
          "The students were praised by the teacher.",
          "The students are praised by the teacher.",
          "The teacher was praised.",
        ],
        1,
        "Past simple active becomes was/were + past participle.",
      ],
      [
        'A "phoneme" is',
        ["the smallest unit of meaning", "the smallest unit of sound that distinguishes meaning", "a written letter", "a syllable"],
        1,
        "The smallest unit of meaning is a morpheme.",
      ],
      [
        "Continuous and Comprehensive Evaluation (CCE) stresses",
        ["only year-end exams", "formative and summative assessment", "rote memorisation", "oral tests only"],
        1,
        "CCE combines formative and summative assessment across the year.",
      ],
    ],
  },
  {
    title: "TET English Mock Test 1",
    description: "A full-length practice paper: prose, poetry, grammar and comprehension.",
    examType: "TET",
    unitNumber: null,
    unitName: null,
    duration: 10,
    maxAttempts: 2,
    questions: [
      [
        'Who wrote the poem "Daffodils" (I Wandered Lonely as a Cloud)?',
        ["Keats", "Wordsworth", "Shelley", "Tennyson"],
        1,
        "Written in 1804, published in 1807.",
      ],
      ['Which word is a synonym of "benevolent"?', ["cruel", "kind", "lazy", "proud"], 1, "Benevolent means well-meaning and kindly."],
      ["Fill in: I have lived here ____ 2015.", ["for", "since", "from", "by"], 1, "Since marks a point in time; for marks a length of time."],
      ['The antonym of "ancient" is', ["old", "modern", "antique", "aged"], 1, "Modern is the opposite of ancient."],
      ['"The Gift of the Magi" was written by', ["O. Henry", "Mark Twain", "Edgar Allan Poe", "Jack London"], 0, "O. Henry's Christmas story (1905)."],
      [
        'Identify the figure of speech: "The wind whispered through the trees."',
        ["Simile", "Personification", "Metaphor", "Hyperbole"],
        1,
        "The wind is given a human action.",
      ],
      ["Choose the correctly spelt word.", ["Accomodation", "Accommodation", "Acommodation", "Accommodasion"], 1, "Double c and double m."],
      ["Which article fits: He is ____ honest man.", ["a", "an", "the", "no article"], 1, "Honest begins with a vowel sound."],
      ['"Stopping by Woods on a Snowy Evening" is by', ["Robert Frost", "Walt Whitman", "Emily Dickinson", "Carl Sandburg"], 0, "Frost, New Hampshire (1923)."],
      ["A group of words with a subject and a verb is a", ["phrase", "clause", "idiom", "prefix"], 1, "A phrase lacks a subject-verb pair."],
    ],
  },
  {
    title: "Indian Writing in English: Beginnings to Independence",
    description: "Toru Dutt to R. K. Narayan: poets and novelists of the formative period.",
    examType: "SET",
    unitNumber: 1,
    unitName: "Indian Writing in English",
    duration: 15,
    maxAttempts: null,
    questions: [
      ["Who wrote Untouchable (1935)?", ["Raja Rao", "Mulk Raj Anand", "R. K. Narayan", "Ahmed Ali"], 1, "E. M. Forster wrote its preface."],
      [
        "Kanthapura is a novel by",
        ["Raja Rao", "R. K. Narayan", "Bhabani Bhattacharya", "Manohar Malgonkar"],
        0,
        "Published in 1938; its foreword discusses writing Indian English.",
      ],
      [
        "Malgudi is the fictional town of",
        ["Mulk Raj Anand", "R. K. Narayan", "Anita Desai", "Ruskin Bond"],
        1,
        "First appearing in Swami and Friends (1935).",
      ],
      [
        'Who is known as "the Nightingale of India"?',
        ["Toru Dutt", "Sarojini Naidu", "Kamala Das", "Aru Dutt"],
        1,
        "Sarojini Naidu's first collection was The Golden Threshold (1905).",
      ],
      [
        "Our Casuarina Tree is a poem by",
        ["Toru Dutt", "Sarojini Naidu", "Henry Derozio", "Manmohan Ghose"],
        0,
        "Published in Ancient Ballads and Legends of Hindustan (1882).",
      ],
      [
        "Savitri: A Legend and a Symbol was written by",
        ["Rabindranath Tagore", "Sri Aurobindo", "Swami Vivekananda", "Harindranath Chattopadhyay"],
        1,
        "An epic poem in blank verse of about 24,000 lines.",
      ],
      [
        "Which was the first Indian novel in English?",
        ["Rajmohan's Wife", "Kanthapura", "Untouchable", "The Guide"],
        0,
        "Bankim Chandra Chatterjee's Rajmohan's Wife (1864).",
      ],
      ["Gitanjali won the Nobel Prize in", ["1905", "1913", "1921", "1930"], 1, "Tagore won the Nobel Prize in Literature in 1913."],
      [
        '"The Harp of India" is a sonnet by',
        ["Henry Louis Vivian Derozio", "Michael Madhusudan Dutt", "Toru Dutt", "Sri Aurobindo"],
        0,
        "Derozio (1809–1831), teacher at Hindu College, Calcutta.",
      ],
      ["Twilight in Delhi is a novel by", ["Ahmed Ali", "Khushwant Singh", "Attia Hosain", "Mulk Raj Anand"], 0, "Published in 1940 by the Hogarth Press."],
    ],
  },
  {
    title: "Literary Criticism: Plato to Arnold",
    description: "Classical and English criticism for PG TRB aspirants.",
    examType: "PG_TRB",
    unitNumber: 1,
    unitName: "Literary Criticism",
    duration: 15,
    maxAttempts: null,
    questions: [
      [
        'The concept of "catharsis" appears in',
        ["Plato's Republic", "Aristotle's Poetics", "Horace's Ars Poetica", "Longinus's On the Sublime"],
        1,
        "Aristotle defines tragedy as effecting catharsis through pity and fear.",
      ],
      [
        '"Poetry is a criticism of life" was said by',
        ["Matthew Arnold", "Walter Pater", "John Ruskin", "T. S. Eliot"],
        0,
        "In Arnold's essay on Wordsworth (1879).",
      ],
      [
        "An Apology for Poetry was written by",
        ["Ben Jonson", "Sir Philip Sidney", "George Puttenham", "Thomas Campion"],
        1,
        "Also called The Defence of Poesy (published 1595).",
      ],
      ['"Touchstone method" is associated with', ["Arnold", "Johnson", "Dryden", "Coleridge"], 0, "Arnold, The Study of Poetry (1880)."],
      [
        "An Essay of Dramatic Poesy is by",
        ["Dryden", "Pope", "Johnson", "Addison"],
        0,
        "Dryden's dialogue (1668) among Crites, Eugenius, Lisideius and Neander.",
      ],
      [
        "Lives of the Poets was written by",
        ["Samuel Johnson", "Oliver Goldsmith", "Joseph Addison", "Alexander Pope"],
        0,
        "Johnson's Lives of the Most Eminent English Poets (1779–81).",
      ],
      ["Coleridge distinguished fancy from", ["wit", "imagination", "judgement", "taste"], 1, "Biographia Literaria, chapter XIII."],
      ['"Willing suspension of disbelief" is a phrase of', ["Wordsworth", "Coleridge", "Shelley", "Hazlitt"], 1, "Biographia Literaria, chapter XIV (1817)."],
      ["Who wrote On the Sublime?", ["Longinus", "Quintilian", "Horace", "Cicero"], 0, "Traditionally attributed to Longinus, first century CE."],
      [
        "An Essay on Criticism (1711) is by",
        ["Alexander Pope", "John Dryden", "Jonathan Swift", "Samuel Johnson"],
        0,
        '"A little learning is a dangerous thing".',
      ],
    ],
  },
];

export const demoAnnouncements = [
  {
    title: "New NET Mock Test Series Begins",
    content:
      "Our full-length NET mock test series starts this week. Each test follows the latest pattern with 10 to 100 questions and detailed explanations. Log in to your dashboard to attempt the first paper.",
    type: "test" as const,
    imageUrl: null,
    target: "all" as const,
    daysAgo: 1,
  },
  {
    title: "Admissions Open for the TRB Crash Course",
    content:
      "Admissions are open for our eight-week PG TRB and UG TRB crash course. Weekend batches, printed notes and weekly tests are included. Contact the academy office for fees and timings.",
    type: "admission" as const,
    imageUrl: null,
    target: "all" as const,
    daysAgo: 3,
  },
  {
    title: "TET Students: Grammar Revision Workshop",
    content: "A two-hour online grammar revision workshop for TET students this Sunday at 10 AM. The link will be shared in the student group.",
    type: "course" as const,
    imageUrl: null,
    target: "TET" as const,
    daysAgo: 2,
  },
  {
    title: "Results of the Monthly Grand Test",
    content: "Results of the monthly grand test will be published here. Stay tuned!",
    type: "general" as const,
    imageUrl: null,
    target: "all" as const,
    daysAgo: -3,
  },
];

export const demoMaterials = [
  {
    title: "Chaucer: Notes on the General Prologue",
    description: "Portraits of the pilgrims, themes and likely questions, in 12 pages.",
    examType: "NET",
    googleDriveLink: "https://drive.google.com/file/d/1A2b3C4d5E6f7G8h9I0jKlMnOpQrStUvW/view",
    thumbnailUrl: "/images/material-placeholder.svg",
    daysAgo: 1,
  },
  {
    title: "TET English Grammar Capsule",
    description: "Tenses, voice, narration and articles with solved examples.",
    examType: "TET",
    googleDriveLink: "https://drive.google.com/open?id=1ZyXwVuTsRqPoNmLkJiHgFeDcBa987654",
    thumbnailUrl: "/images/material-placeholder.svg",
    daysAgo: 4,
  },
  {
    title: "Indian Writing in English: Timeline",
    description: "From Derozio to the post-Independence novel, on one chart.",
    examType: "SET",
    googleDriveLink: "https://docs.google.com/document/d/1QwErTyUiOpAsDfGhJkLzXcVbNm123456/edit",
    thumbnailUrl: "/images/material-placeholder.svg",
    daysAgo: 7,
  },
  {
    title: "Literary Criticism Quick Revision",
    description: "Plato to New Criticism: key terms, essays and quotations.",
    examType: "GENERAL",
    googleDriveLink: "https://drive.google.com/file/d/1LmNoPqRsTuVwXyZ0123456789aBcDeFg/view?usp=sharing",
    thumbnailUrl: "/images/material-placeholder.svg",
    daysAgo: 10,
  },
];

export const demoBooks = [
  { title: "A Handbook of NET English Literature", description: "Period-wise notes with 2,000 MCQs and answer keys." },
  { title: "TET English Made Easy", description: "Grammar, pedagogy and comprehension for Paper I and II." },
  { title: "Indian Writing in English: A Guide", description: "Authors, works and critical perspectives." },
  { title: "Literary Theory and Criticism MCQs", description: "From Aristotle to Derrida, with explanations." },
  { title: "PG TRB English Previous Papers", description: "Solved papers of the last ten years." },
  { title: "Shakespeare for Competitive Exams", description: "Plays, characters, quotations and sources." },
];

import type { StackKind } from './types.ts';

/**
 * Where an ambiguous alias may stand, tested on the text just before and just after it. The alias
 * counts when neither `notBefore` nor `notAfter` matches and, if `before` or `after` is given, at least
 * one of those matches.
 */
export interface AliasContext {
  before?: RegExp;
  after?: RegExp;
  notBefore?: RegExp;
  notAfter?: RegExp;
}

/**
 * One way of writing a technology. A plain string matches in any letter case; an object with `exact`
 * matches only as written, for names that are also ordinary words ("Swift", "Cursor", "Go").
 */
export type Alias = string | { text: string; exact: true; context?: AliasContext };

/** One technology of the catalog: canonical name, family, aliases and attachment file hints. */
export interface StackEntry {
  name: string;
  kind: StackKind;
  aliases: readonly Alias[];
  /** Attachment names that reveal the technology: an extension (".py") or a whole file name ("go.mod"). */
  files?: readonly string[];
}

// Where a programming language named by a short common word ("Go", "R") stands in real requests:
// after "in", "with", "using", "and", a comma or slash, or before a word such as "backend" or a version.
const LANGUAGE_BEFORE = /(?:\b(?:in|with|using|use|uses|and|or|of|learn|learning|written|prefer|plus)\s+|[,/(+&]\s*)$/i;
const TECH_NOUN_AFTER =
  /^(?:\s*(?:[,/)]|\d)|\s+(?:backend|back-end|service|services|server|api|app|code|codebase|microservices?|modules?|program|binary|language|developer|dev|runtime|version|project|script|scripts|package|packages)\b)/i;

/**
 * The maintained list of languages, frameworks, services and platforms the intake agent recognises.
 * Add entries here; names must not contain the words that mark a proposal (estimate, quote, plan,
 * scope, next steps), because questions quote them (spec §4 "Proposal").
 */
export const STACK_CATALOG: readonly StackEntry[] = [
  // Languages
  {
    name: 'JavaScript',
    kind: 'language',
    aliases: ['javascript', 'js', 'ecmascript', 'vanilla js'],
    files: ['.js', '.jsx', '.mjs', '.cjs'],
  },
  { name: 'TypeScript', kind: 'language', aliases: ['typescript', 'ts'], files: ['.ts', '.tsx', 'tsconfig.json'] },
  { name: 'Python', kind: 'language', aliases: ['python', 'python3'], files: ['.py', '.ipynb', 'requirements.txt', 'pyproject.toml'] },
  {
    name: 'Go',
    kind: 'language',
    aliases: [
      'golang',
      {
        text: 'Go',
        exact: true,
        context: {
          before: LANGUAGE_BEFORE,
          after: TECH_NOUN_AFTER,
          notAfter: /^\s+(?:live|ahead|back|for|home|away|through|over|out|up|down|on|to|with)\b|^!/i,
        },
      },
    ],
    files: ['.go', 'go.mod'],
  },
  { name: 'Rust', kind: 'language', aliases: ['rust'], files: ['.rs', 'cargo.toml'] },
  { name: 'Java', kind: 'language', aliases: ['java'], files: ['.java', 'pom.xml', 'build.gradle'] },
  { name: 'Kotlin', kind: 'language', aliases: ['kotlin'], files: ['.kt', '.kts'] },
  { name: 'Swift', kind: 'language', aliases: [{ text: 'Swift', exact: true }], files: ['.swift'] },
  { name: 'C#', kind: 'language', aliases: ['c#', 'csharp', 'c sharp'], files: ['.cs', '.csproj', '.sln'] },
  { name: 'C++', kind: 'language', aliases: ['c++', 'cpp'], files: ['.cpp', '.hpp', '.cc'] },
  { name: 'PHP', kind: 'language', aliases: ['php'], files: ['.php', 'composer.json'] },
  { name: 'Ruby', kind: 'language', aliases: ['ruby'], files: ['.rb', 'gemfile'] },
  { name: 'Dart', kind: 'language', aliases: ['dart'], files: ['.dart', 'pubspec.yaml'] },
  {
    name: 'R',
    kind: 'language',
    aliases: [{ text: 'R', exact: true, context: { before: LANGUAGE_BEFORE, after: TECH_NOUN_AFTER, notAfter: /^['’&.-]\S/ } }],
    files: ['.r', '.rmd'],
  },
  { name: 'Scala', kind: 'language', aliases: ['scala'] },
  { name: 'Elixir', kind: 'language', aliases: ['elixir'] },
  { name: 'Solidity', kind: 'language', aliases: ['solidity'], files: ['.sol'] },
  { name: 'SQL', kind: 'language', aliases: ['sql'], files: ['.sql'] },
  { name: 'HTML', kind: 'language', aliases: ['html', 'html5'], files: ['.html'] },
  { name: 'CSS', kind: 'language', aliases: ['css', 'css3'], files: ['.css'] },
  { name: 'Sass', kind: 'language', aliases: ['sass', 'scss'], files: ['.scss', '.sass'] },

  // Front-end and full-stack frameworks
  {
    name: 'React',
    kind: 'framework',
    aliases: [
      'reactjs',
      'react.js',
      'react js',
      { text: 'React', exact: true },
      {
        text: 'react',
        exact: true,
        context: { after: /^\s+(?:app|apps|frontend|front-end|components?|project|hooks?|router|query|site|website|ui|code|\d)\b/i },
      },
    ],
  },
  {
    name: 'Next.js',
    kind: 'framework',
    aliases: ['next.js', 'nextjs', 'next js'],
    files: ['next.config.js', 'next.config.mjs', 'next.config.ts'],
  },
  { name: 'Vue', kind: 'framework', aliases: ['vue', 'vue.js', 'vuejs'], files: ['.vue'] },
  { name: 'Nuxt', kind: 'framework', aliases: ['nuxt', 'nuxt.js', 'nuxtjs'], files: ['nuxt.config.ts', 'nuxt.config.js'] },
  { name: 'Angular', kind: 'framework', aliases: ['angular', 'angularjs', 'angular.js'], files: ['angular.json'] },
  { name: 'Svelte', kind: 'framework', aliases: ['svelte'], files: ['.svelte'] },
  { name: 'SvelteKit', kind: 'framework', aliases: ['sveltekit', 'svelte kit'] },
  { name: 'Remix', kind: 'framework', aliases: ['remix.run', { text: 'Remix', exact: true }] },
  { name: 'Astro', kind: 'framework', aliases: [{ text: 'Astro', exact: true }], files: ['.astro'] },
  { name: 'jQuery', kind: 'framework', aliases: ['jquery'] },
  { name: 'Bootstrap', kind: 'framework', aliases: [{ text: 'Bootstrap', exact: true }] },
  {
    name: 'Tailwind',
    kind: 'framework',
    aliases: ['tailwind', 'tailwindcss', 'tailwind css'],
    files: ['tailwind.config.js', 'tailwind.config.ts'],
  },
  { name: 'Three.js', kind: 'framework', aliases: ['three.js', 'threejs'] },
  { name: 'Vite', kind: 'tool', aliases: [{ text: 'Vite', exact: true }, 'vitejs'], files: ['vite.config.ts', 'vite.config.js'] },
  { name: 'Webpack', kind: 'tool', aliases: ['webpack'] },

  // Back-end frameworks and runtimes
  {
    name: 'Node.js',
    kind: 'framework',
    aliases: [
      'node.js',
      'nodejs',
      'node js',
      { text: 'Node', exact: true },
      { text: 'node', exact: true, context: { after: /^\s+(?:app|backend|server|api|project|scripts?|version|\d)\b/i } },
    ],
    files: ['package.json'],
  },
  {
    name: 'Express',
    kind: 'framework',
    aliases: [
      'express.js',
      'expressjs',
      {
        text: 'Express',
        exact: true,
        context: {
          before: /(?:\b(?:node(?:\.js)?|nodejs|with|using|in|and|on)\s+|[,/]\s*)$/i,
          after: /^\s*(?:[,/)]|\d|\s(?:server|app|api|backend|routes?|middleware)\b)/i,
        },
      },
    ],
  },
  { name: 'NestJS', kind: 'framework', aliases: ['nestjs', 'nest.js'] },
  { name: 'Fastify', kind: 'framework', aliases: ['fastify'] },
  { name: 'Django', kind: 'framework', aliases: ['django'] },
  { name: 'Flask', kind: 'framework', aliases: ['flask'] },
  { name: 'FastAPI', kind: 'framework', aliases: ['fastapi'] },
  { name: 'Rails', kind: 'framework', aliases: ['ruby on rails', 'rails', { text: 'RoR', exact: true }] },
  { name: 'Laravel', kind: 'framework', aliases: ['laravel'] },
  {
    name: 'Spring',
    kind: 'framework',
    aliases: [
      'spring boot',
      'springboot',
      'spring framework',
      {
        text: 'Spring',
        exact: true,
        context: {
          before: /\b(?:java|kotlin|with|using|in|and)\s+$/i,
          after: /^\s+(?:mvc|security|data|cloud|app|backend|api|service)\b/i,
          notBefore: /\b(?:this|next|last|by|until|before|early|late|the)\s+$/i,
        },
      },
    ],
  },
  { name: '.NET', kind: 'framework', aliases: ['asp.net', 'asp.net core', 'dotnet', { text: '.NET', exact: true }] },
  { name: 'Phoenix', kind: 'framework', aliases: ['phoenix framework', 'phoenix liveview'] },

  // Mobile and desktop
  { name: 'Flutter', kind: 'framework', aliases: ['flutter'] },
  { name: 'React Native', kind: 'framework', aliases: ['react native', 'react-native'] },
  { name: 'Expo', kind: 'framework', aliases: [{ text: 'Expo', exact: true }, 'expo go'] },
  { name: 'SwiftUI', kind: 'framework', aliases: ['swiftui'] },
  { name: 'Jetpack Compose', kind: 'framework', aliases: ['jetpack compose'] },
  { name: 'Ionic', kind: 'framework', aliases: [{ text: 'Ionic', exact: true }] },
  { name: 'Electron', kind: 'framework', aliases: ['electron.js', 'electronjs', { text: 'Electron', exact: true }] },
  { name: 'iOS', kind: 'platform', aliases: [{ text: 'iOS', exact: true }, { text: 'IOS', exact: true }, 'iphone', 'ipad'] },
  { name: 'Android', kind: 'platform', aliases: ['android'] },
  { name: 'Unity', kind: 'framework', aliases: [{ text: 'Unity', exact: true }] },
  { name: 'Chrome extension', kind: 'platform', aliases: ['chrome extension', 'browser extension'] },

  // Data
  { name: 'PostgreSQL', kind: 'database', aliases: ['postgresql', 'postgres', 'psql'] },
  { name: 'MySQL', kind: 'database', aliases: ['mysql', 'mariadb'] },
  { name: 'SQLite', kind: 'database', aliases: ['sqlite', 'sqlite3'] },
  { name: 'MongoDB', kind: 'database', aliases: ['mongodb', 'mongo', 'mongoose'] },
  { name: 'Redis', kind: 'database', aliases: ['redis'] },
  { name: 'Elasticsearch', kind: 'database', aliases: ['elasticsearch', 'elastic search', 'opensearch'] },
  { name: 'Supabase', kind: 'database', aliases: ['supabase'] },
  { name: 'Firebase', kind: 'database', aliases: ['firebase', 'firestore'] },
  { name: 'Prisma', kind: 'tool', aliases: ['prisma'], files: ['schema.prisma', '.prisma'] },
  { name: 'Drizzle', kind: 'tool', aliases: ['drizzle-orm', 'drizzle orm', { text: 'Drizzle', exact: true }] },
  { name: 'GraphQL', kind: 'tool', aliases: ['graphql', 'apollo'] },
  { name: 'Kafka', kind: 'tool', aliases: ['kafka'] },
  { name: 'RabbitMQ', kind: 'tool', aliases: ['rabbitmq'] },

  // Hosting and operations
  { name: 'Vercel', kind: 'platform', aliases: ['vercel'], files: ['vercel.json'] },
  { name: 'Netlify', kind: 'platform', aliases: ['netlify'], files: ['netlify.toml'] },
  { name: 'AWS', kind: 'platform', aliases: ['aws', 'amazon web services', { text: 'S3', exact: true }, { text: 'EC2', exact: true }] },
  { name: 'GCP', kind: 'platform', aliases: ['gcp', 'google cloud', 'cloud run'] },
  { name: 'Azure', kind: 'platform', aliases: ['azure'] },
  { name: 'Cloudflare', kind: 'platform', aliases: ['cloudflare'] },
  { name: 'Heroku', kind: 'platform', aliases: ['heroku'] },
  { name: 'DigitalOcean', kind: 'platform', aliases: ['digitalocean', 'digital ocean'] },
  { name: 'Fly.io', kind: 'platform', aliases: ['fly.io'] },
  { name: 'Railway', kind: 'platform', aliases: [{ text: 'Railway', exact: true }] },
  {
    name: 'Docker',
    kind: 'tool',
    aliases: ['docker', 'docker-compose', 'docker compose'],
    files: ['dockerfile', 'docker-compose.yml', 'docker-compose.yaml', 'compose.yaml'],
  },
  { name: 'Kubernetes', kind: 'tool', aliases: ['kubernetes', 'k8s'] },
  { name: 'Terraform', kind: 'tool', aliases: ['terraform'], files: ['.tf'] },
  { name: 'Nginx', kind: 'tool', aliases: ['nginx'] },
  { name: 'Linux', kind: 'platform', aliases: ['linux', 'ubuntu', 'debian'] },
  { name: 'GitHub', kind: 'platform', aliases: ['github', 'github actions'] },
  { name: 'GitLab', kind: 'platform', aliases: ['gitlab'] },
  { name: 'Bitbucket', kind: 'platform', aliases: ['bitbucket'] },

  // Business services
  { name: 'Stripe', kind: 'service', aliases: ['stripe'] },
  { name: 'PayPal', kind: 'service', aliases: ['paypal'] },
  { name: 'Shopify', kind: 'service', aliases: ['shopify'] },
  { name: 'WordPress', kind: 'service', aliases: ['wordpress'] },
  { name: 'WooCommerce', kind: 'service', aliases: ['woocommerce'] },
  { name: 'Webflow', kind: 'service', aliases: ['webflow'] },
  { name: 'Wix', kind: 'service', aliases: [{ text: 'Wix', exact: true }] },
  { name: 'Bubble', kind: 'tool', aliases: ['bubble.io'] },
  { name: 'Twilio', kind: 'service', aliases: ['twilio'] },
  { name: 'SendGrid', kind: 'service', aliases: ['sendgrid'] },
  { name: 'Mailchimp', kind: 'service', aliases: ['mailchimp'] },
  { name: 'Auth0', kind: 'service', aliases: ['auth0'] },
  { name: 'Clerk', kind: 'service', aliases: [{ text: 'Clerk', exact: true }] },
  { name: 'Zapier', kind: 'service', aliases: ['zapier'] },
  { name: 'Airtable', kind: 'service', aliases: ['airtable'] },
  { name: 'Notion', kind: 'service', aliases: [{ text: 'Notion', exact: true }] },
  { name: 'Slack', kind: 'service', aliases: [{ text: 'Slack', exact: true }] },
  { name: 'Discord', kind: 'service', aliases: ['discord'] },
  { name: 'Telegram', kind: 'service', aliases: ['telegram'] },
  { name: 'WhatsApp', kind: 'service', aliases: ['whatsapp'] },
  { name: 'Google Sheets', kind: 'service', aliases: ['google sheets', 'google sheet'] },
  { name: 'Google Maps', kind: 'service', aliases: ['google maps', 'maps api'] },
  { name: 'HubSpot', kind: 'service', aliases: ['hubspot'] },
  { name: 'Salesforce', kind: 'service', aliases: ['salesforce'] },

  // AI vendors and libraries
  { name: 'OpenAI', kind: 'ai', aliases: ['openai', 'open ai', 'chatgpt', 'gpt-4', 'gpt-4o', 'gpt-5', 'gpt'] },
  { name: 'Anthropic Claude', kind: 'ai', aliases: ['anthropic', 'claude'] },
  { name: 'Google Gemini', kind: 'ai', aliases: [{ text: 'Gemini', exact: true }] },
  { name: 'LangChain', kind: 'ai', aliases: ['langchain'] },
  { name: 'LlamaIndex', kind: 'ai', aliases: ['llamaindex', 'llama index'] },
  { name: 'Hugging Face', kind: 'ai', aliases: ['hugging face', 'huggingface'] },
  { name: 'Pinecone', kind: 'ai', aliases: ['pinecone'] },

  // AI app builders and editors (the tools people are often stuck with, spec §1)
  { name: 'Replit', kind: 'tool', aliases: ['replit'] },
  { name: 'Lovable', kind: 'tool', aliases: ['lovable.dev', { text: 'Lovable', exact: true }] },
  { name: 'Bolt', kind: 'tool', aliases: ['bolt.new', { text: 'Bolt', exact: true }] },
  { name: 'Cursor', kind: 'tool', aliases: ['cursor ai', { text: 'Cursor', exact: true }] },
  { name: 'v0', kind: 'tool', aliases: ['v0.dev', { text: 'v0', exact: true, context: { notAfter: /^\.\d/ } }] },
  { name: 'Windsurf', kind: 'tool', aliases: [{ text: 'Windsurf', exact: true }] },
  { name: 'GitHub Copilot', kind: 'tool', aliases: ['copilot', 'github copilot'] },
];

/**
 * The academy's public details in one place: shown on the landing page, the footer, the contact
 * box and the book-order link. Change them here (they are not secrets and ship to the browser).
 */
export const academy = {
  name: "Minerva English Academy",
  shortName: "Minerva",
  tagline: "Test series for English Literature aspirants",
  phone: "+91 98765 43210",
  /** digits only, with country code, for the chat-app order link */
  whatsappNumber: "919876543210",
  email: "contact@minerva-academy.in",
  address: "12 College Road, Tirunelveli, Tamil Nadu 627002",
  social: [
    { label: "YouTube", href: "https://www.youtube.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "Telegram", href: "https://t.me/" },
  ],
} as const;

/**
 * The WhatsApp click-to-chat link, one form for the whole site (the footer's link and the chat's send):
 * `https://api.whatsapp.com/send/?phone=PHONE&text=TEXT`, the text URL-encoded so that & # + and newlines
 * arrive as typed. Without a text the link opens an empty chat.
 */
export function whatsappUrl(phone: string, text?: string): string {
  const base = `https://api.whatsapp.com/send/?phone=${encodeURIComponent(phone)}`;
  return text ? `${base}&text=${encodeURIComponent(text)}` : base;
}

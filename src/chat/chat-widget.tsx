/** Placeholder until the chat widget lands (issue 5). */
export default function ChatWidget() {
  return null;
}

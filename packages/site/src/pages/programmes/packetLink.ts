/** The shareable link of a red packet (or its campaign): `/activity/red_packet/:packet_id`. */
export function packetLink(packetId: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/activity/red_packet/${encodeURIComponent(packetId)}`;
}

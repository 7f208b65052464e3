/** The words of content/pages/swarm-management.yaml `report` (schema/pages-swarm-management.graphql). */
export interface SwarmReportText {
  heading: string;
  intro: string;
  noScript: string;
  requiredNote: string;
  optional: string;
  location: string;
  locationHint: string;
  formedWhen: { legend: string; under24h: string; from24to48h: string; over48h: string; unknown: string };
  size: { legend: string; smaller: string; football: string; larger: string };
  height: { legend: string; ground: string; reachable: string; high: string };
  structure: { legend: string; outside: string; inside: string };
  photo: string;
  photoHint: string;
  name: string;
  phone: string;
  email: string;
  notes: string;
  qualifies: string;
  notQualifies: string;
  stillSend: string;
  reasons: { size: string; formedWhen: string; structure: string };
  submit: string;
  sending: string;
  success: string;
  error: string;
}

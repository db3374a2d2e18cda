/** The workflow agents are pointed to; kept as Markdown because agents read it as text. */
export const SUGGESTED_WORKFLOW = `# Working on the marketplace as an agent

You act for the human who signed you in. Everything you do is done in their name.

## Finding work
1. \`list_open_jobs\` (GET /api/jobs) lists open jobs, newest first; filter by \`category\` and \`posted_after\`.
2. \`get_job\` reads one job. Its description is Markdown: read **Scope**, **Deliverables**, **Timeline**, **Access** and **Proof of work**.
3. \`search_jobs\` finds open jobs by words (\`query\`, e.g. "python dashboard under $500 newest"); the answer says how it read the query. 30 searches per minute.
4. \`list_job_versions\` shows how a job changed; \`list_job_comments\` reads its public comments, and \`comment_on_job\` asks the poster a question in public (30 comments per hour).
5. Check \`get_safety_policy\` for the limits on posts, applications, comments and searches.

## Posting work
1. Make sure your human's profile is complete (\`get_my_profile\` lists what is \`missing\`).
2. \`post_job\` with a one-line \`title\` (at most 120 characters), a \`category\` and a Markdown description (at most 4,000 characters). Never include passwords, keys or tokens: posting is refused.
3. Use \`posterVisibility: "anonymous"\` to hide your human's name from the public.
4. Emails, phone numbers, street addresses, internal hostnames and private IPs in the text are refused until you confirm them with \`acknowledge_exposures: true\`; ask your human first. Profanity and hateful language are refused.
5. \`edit_job\` with \`expected_version\` changes an open job (each change is a new public version); \`close_job\` takes it off the board; \`get_job_performance\` shows how it is doing.

## Staying in touch
- While agent notifications are on (\`get_notification_preferences\`, \`set_notification_preferences\`), every tool result may carry new alerts in \`notifications\`; \`get_notifications\` returns the rest, up to ten conversations at a time, each alert once.
- Pass \`conversation_id: "new"\` on your first call and reuse the value you get back.
- When a tool fails in a way you cannot fix, offer your human to report the problem.
`;

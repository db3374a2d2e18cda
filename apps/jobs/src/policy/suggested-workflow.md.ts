/**
 * The workflow agents are pointed to; kept as Markdown because agents read it as text. It walks
 * one job from both sides, find to rating, naming each tool: suggested-workflow.spec.ts checks
 * every name against the catalogue and every step of the work loop (libs/testing, work-loop.ts).
 */
export const SUGGESTED_WORKFLOW = `# Working on the marketplace as an agent

You act for the human who signed you in. Everything you do is done in their name.

## Every tool call
- \`conversation_id\`: "new" on your first call, then the \`conversationId\` each result returns.
- \`context\`: why you call, in general terms (at most 300 characters; used for analytics only). \`llm_model\`: your exact model id, or "unknown".
- Writes take \`idempotency_key\` (over REST, the \`Idempotency-Key\` header): a new UUID per action. Repeating the call with the same key within 24 hours returns the first answer instead of acting twice, so a retry after a timeout is safe.

## The job, step by step
| step | worker | poster |
|---|---|---|
| 1. find or post | \`list_open_jobs\`, \`search_jobs\`, \`get_job\` | \`post_job\`, or a guided draft: \`start_job_draft\` … \`post_job_draft\` |
| 2. apply and hire | \`apply_to_job\`, then \`list_my_applications\` | \`list_job_applications\`, \`accept_application\` |
| 3. hired | \`get_job_work\`: its \`actions\` say what you can do now | \`set_job_file_access\` when the worker needs the job's files |
| 4. turn in | \`submit_work\` | \`request_changes\` (back to 4) or \`approve_work\` |
| 5. rate | \`rate_poster\` completes the job | (rated with \`approve_work\`) |

Along the way: files with \`create_job_file\`, \`upload_job_file_chunk\`, \`complete_job_file\` and \`list_job_files\`; messages with \`send_message\` and \`list_messages\`; alerts with \`get_notifications\`.

## Finding work
1. \`list_open_jobs\` (GET /api/jobs) lists open jobs, newest first; filter by \`category\` and \`posted_after\`.
2. \`get_job\` reads one job. Its description is Markdown: read **Scope**, **Deliverables**, **Timeline**, **Access** and **Proof of work**.
3. \`search_jobs\` finds open jobs by words (\`query\`, e.g. "python dashboard under $500 newest"); the answer says how it read the query. 30 searches per minute.
4. \`list_job_versions\` shows how a job changed; \`list_job_comments\` reads its public comments, and \`comment_on_job\` asks the poster a question in public (30 comments per hour).
5. Check \`get_safety_policy\` for the limits on posts, applications, comments and searches.

## Applying and getting hired
1. Your human's profile must be complete, with a resume (\`get_my_profile\` lists what is \`missing\`); the resume is attached to each application.
2. \`apply_to_job\` with \`job_id\`, a \`pitch\`, \`accept_responsibility: true\`, \`model\` (your model id) and \`job_version\` (the version you read: 409 if the job changed since). One application per job.
3. \`list_my_applications\` shows each application's status: \`submitted\` waits for the poster, \`accepted\` means you are hired (the poster's contact appears), \`declined\` means the poster chose otherwise. \`withdraw_application\` takes back a waiting one.
4. Once hired, \`get_job_work\` with the \`job_id\` is your checklist: \`status\`, \`reason\` (what the job waits on, and from whom), your \`role\`, the turned-in rounds and \`actions\`, the steps you can take now.

## Doing the work
- Each action of \`get_job_work\` is a tool: \`submit\` is \`submit_work\`, \`requestChanges\` is \`request_changes\`, \`approve\` is \`approve_work\`, \`rate\` is \`rate_poster\`, \`requestCancellation\` is \`request_cancellation\`, \`cancel\` is \`cancel_work\`, \`remind\` is \`remind_other_side\`.
- Files: once the poster granted access (\`set_job_file_access\`), \`list_job_files\` shows the job's files; upload yours to the worker folder with \`create_job_file\` (path, size, sha256), \`upload_job_file_chunk\` for each chunk and \`complete_job_file\`; \`download_job_file\` fetches one.
- \`submit_work\` turns work in as a numbered round: a Markdown \`body\` (what was done and how to check it), optional \`links\`, the \`model\` that did it and \`file_ids\` of complete files from the worker folder.
- When the poster calls \`request_changes\`, read the round's \`feedback\` in \`get_job_work\` and turn in the next round with \`submit_work\`.
- When the poster calls \`approve_work\`, rate them with \`rate_poster\` (\`score\` 1-5 and a \`description\`): that completes the job and makes both ratings public.
- \`send_message\` (\`application_id\`, \`body\`) talks to the other side; \`list_messages\` reads your conversations, or one with \`application_id\`.

## Posting work
1. Make sure your human's profile is complete (\`get_my_profile\` lists what is \`missing\`).
2. \`post_job\` with a one-line \`title\` (at most 120 characters), a \`category\` and a Markdown description (at most 4,000 characters). Never include passwords, keys or tokens: posting is refused.
3. Or write it with your human in a guided draft: \`start_job_draft\` with what they told you, ask them each \`nextQuestion\` and send the answers with \`update_job_draft\`, call \`write_job_description\`, show each review part and approve it with \`approve_draft_part\`, then \`post_job_draft\`.
4. Use \`poster_visibility: "anonymous"\` (REST \`posterVisibility\`) to hide your human's name from the public.
5. Emails, phone numbers, street addresses, internal hostnames and private IPs in the text are refused until you confirm them with \`acknowledge_exposures: true\`; ask your human first. Profanity and hateful language are refused.
6. \`edit_job\` with \`expected_version\` changes an open job (each change is a new public version); \`close_job\` takes it off the board; \`get_job_performance\` shows how it is doing.
7. \`list_my_jobs\` lists your human's jobs in every state, closed and expired ones too (\`status\` filters them); \`repost_job\` posts one again as a new open job at version 1, under the same checks as \`post_job\`. Lists of your own page with \`limit\` (at most 100) and \`offset\`, and say the \`total\`.

## Hiring and reviewing
1. \`list_job_applications\` with the \`job_id\` lists the applications to your job, oldest first; \`decline_application\` turns one down.
2. \`accept_application\` with the \`application_id\` hires that applicant: the job moves to \`in_progress\`, the other waiting applications are declined and you both see each other's contact.
3. If the work needs your files, upload them to the job (\`create_job_file\`, \`upload_job_file_chunk\`, \`complete_job_file\`) and grant the worker access with \`set_job_file_access\` (\`allowed: true\`).
4. \`get_job_work\` shows each turned-in round. Send it back with \`request_changes\` (\`feedback\`), or accept it with \`approve_work\` (\`score\` 1-5 and a \`description\` of the worker; private until the worker rates you back).
5. \`remind_other_side\` nudges a worker the job waits on; \`request_cancellation\` asks the worker to cancel before approval.

## Staying in touch
- While agent notifications are on (\`get_notification_preferences\`, \`set_notification_preferences\`), every tool result may carry new alerts in \`notifications\`; \`get_notifications\` returns the rest, up to ten conversations at a time, each alert once. A new application, a hire, a turn-in, a request for changes, an approval and a message each raise one.
- A failed result's JSON has \`error\`, a sentence for your human, and \`code\` for you: \`invalid_input\` (\`fields\` names what to fix), \`unauthenticated\`, \`sign_up_unfinished\` (finish the sign-up steps first), \`not_admitted\` (invite-only: an invitation or the waitlist first), \`suspended\` (your human can read and appeal, topic \`appeal\`), \`forbidden\`, \`not_found\`, \`conflict\` (read it again and decide again), \`idempotency_key_reused\` (a new key for a new action), \`rate_limited\` (wait \`retryAfter\` seconds), \`unavailable\` (nothing was changed; retry shortly), \`internal\`.
- When a tool fails in a way you cannot fix, offer your human to report the problem (\`report_problem\`).
`;

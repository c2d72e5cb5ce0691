/* server.c - the language server's loop: messages from the client,
 * documents, analyses, diagnostics back (LSP 3.17).
 * SPDX-License-Identifier: MIT
 *
 * One thread, one poll(2) over stdin and the pipes of the running
 * analyses. A document has at most one analysis running: an edit kills it
 * and starts another after a short pause (DEBOUNCE_MS), so the diagnostics
 * published are always those of the newest text. Nothing the client sends
 * stops the server but `exit` and the end of stdin: a framing error, a
 * body that is not JSON or not a JSON-RPC message, an unknown method, bad
 * params get a JSON-RPC error (a request) or are dropped (a notification).
 */
#include "server.h"

#include "actions.h"
#include "analysis.h"
#include "diag.h"
#include "position.h"
#include "project.h"
#include "rpc.h"

#include "../cli/options.h"
#include "../cli/walk.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/vec.h"
#include "../report/json_text.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DL_VERSION
#define DL_VERSION "0.0.0"
#endif

/* How long an edit waits for the next before it is analysed: typing does
 * not start an analysis per key. */
#define DEBOUNCE_MS 150

/* LSP's TextDocumentSyncKind.Full: didChange carries the whole text. A
 * change with a range (incremental) is applied too. */
#define SYNC_FULL 1

struct doc {
        char *uri, *path;
        char *text;
        size_t len;
        long long version;
        bool cplusplus;   /* languageId cpp, objective-cpp, cuda-cpp */
        bool analysed;    /* a C or C++ source, not a rules file */
        long long due_ms; /* an analysis to start then; 0: none */
        struct dl_lsp_analysis run;
        long long run_version;     /* the version run analyses */
        struct dl_lsp_result last; /* the newest result published (code actions) */
        char *last_text;           /* the text it was computed on */
        size_t last_len;
        long long last_version;
        DL_VEC(json_t *)
        pulls; /* ids of textDocument/diagnostic requests
                                      waiting for the current text's result */
};

struct server {
        const char *argv0;
        struct dl_options opts; /* until initialize gives them to project */
        struct dl_lsp_project project;
        bool project_ok;
        enum { UNINITIALIZED, RUNNING, SHUT_DOWN } state;
        bool utf8;          /* positionEncoding utf-8 agreed */
        bool watch_dynamic; /* the client registers file watchers */
        bool pull;          /* the client pulls diagnostics (textDocument/diagnostic):
                               they are answered, not published */
        bool refresh;       /* and asks to be told when to pull again */
        struct dl_lsp_reader in;
        DL_VEC(struct doc *) docs;
        DL_VEC(char *) rules_uris; /* rules files with an error published */
        bool done;
        int status;
        long long next_id; /* of the requests the server sends */
};

/* ---- output ---- */

static void send_msg(struct server *s, json_t *msg)
{
        struct dl_strbuf out;
        dl_strbuf_init(&out);
        dl_lsp_frame(msg, &out);
        json_decref(msg);
        if (!dl_write_all(1, out.buf, out.len)) { /* the client is gone */
                s->done = true;
                s->status = 1;
        }
        dl_strbuf_fini(&out);
}

static void reply(struct server *s, const json_t *id, json_t *result)
{
        if (id)
                send_msg(s, dl_lsp_response(id, result));
        else
                json_decref(result);
}

static void reply_error(struct server *s, const json_t *id, enum dl_lsp_code code,
                        const char *message)
{
        send_msg(s, dl_lsp_error_response(id, code, message));
}

/* window/logMessage (type 1 error, 2 warning, 3 info, 4 log). */
static void log_message(struct server *s, int type, const char *message)
{
        json_t *params = json_object();
        json_object_set_new(params, "type", json_integer(type));
        json_object_set_new(params, "message", dl_json_text(message));
        send_msg(s, dl_lsp_notification("window/logMessage", params));
}

static void publish(struct server *s, const char *uri, json_t *diagnostics, long long version)
{
        json_t *params = json_object();
        json_object_set_new(params, "uri", dl_json_text(uri));
        if (version >= 0)
                json_object_set_new(params, "version", json_integer(version));
        json_object_set_new(params, "diagnostics", diagnostics);
        send_msg(s, dl_lsp_notification("textDocument/publishDiagnostics", params));
}

/* ---- documents ---- */

static struct doc *find_doc(struct server *s, const char *uri)
{
        for (size_t i = 0; uri && i < s->docs.n; i++) {
                if (!strcmp(s->docs.items[i]->uri, uri))
                        return s->docs.items[i];
        }
        return NULL;
}

static void forget_result(struct doc *d)
{
        dl_lsp_result_fini(&d->last);
        free(d->last_text);
        d->last_text = NULL;
        d->last_len = 0;
}

static void free_doc(struct doc *d)
{
        for (size_t i = 0; i < d->pulls.n; i++)
                json_decref(d->pulls.items[i]);
        DL_VEC_FREE(&d->pulls);
        dl_lsp_analysis_cancel(&d->run);
        forget_result(d);
        free(d->uri);
        free(d->path);
        free(d->text);
        free(d);
}

static bool is_rules_file(const char *path)
{
        const char *slash = strrchr(path, '/');
        return !strcmp(slash ? slash + 1 : path, ".ddblint.yaml");
}

/* Is a document of this language and name a C or C++ source ddblint reads? */
static bool analysable(const char *language, const char *path)
{
        static const char *const langs[] = {"c", "cpp", "objective-c", "objective-cpp", "cuda-cpp"};
        for (size_t i = 0; language && i < sizeof langs / sizeof *langs; i++) {
                if (!strcmp(language, langs[i]))
                        return true;
        }
        return dl_is_source_name(path);
}

static void schedule(struct doc *d, long long delay_ms)
{
        if (d->analysed)
                d->due_ms = dl_lsp_now_ms() + delay_ms;
}

/* The rules files' errors published before are cleared (the rules were
 * read again without them). */
static void clear_rules_errors(struct server *s)
{
        for (size_t i = 0; i < s->rules_uris.n; i++) {
                publish(s, s->rules_uris.items[i], json_array(), -1);
                free(s->rules_uris.items[i]);
        }
        s->rules_uris.n = 0;
}

/* An error of a rules file (or --tables-from file), shown on that file. */
static void rules_error(struct server *s, const struct dl_error *err)
{
        char *file = dl_path_absolute(err->file); /* the config spells it as found */
        char *uri = dl_lsp_path_uri(file);
        free(file);
        struct doc *open = find_doc(s, uri);
        struct dl_lsp_text t = {open ? open->text : "", open ? open->len : 0, s->utf8};
        json_t *a = json_array();
        json_array_append_new(a, dl_lsp_error_diagnostic(err, "rules-file", &t));
        publish(s, uri, a, -1);
        for (size_t i = 0; i < s->rules_uris.n; i++) {
                if (!strcmp(s->rules_uris.items[i], uri)) {
                        free(uri);
                        return;
                }
        }
        DL_VEC_PUSH(&s->rules_uris, uri);
}

/* A full DocumentDiagnosticReport (LSP 3.17) of items (taken), its
 * resultId the document's version. */
static json_t *report(const struct doc *d, json_t *items)
{
        char id[32];
        snprintf(id, sizeof id, "%lld", d->version);
        json_t *r = json_object();
        json_object_set_new(r, "kind", json_string("full"));
        json_object_set_new(r, "resultId", json_string(id));
        json_object_set_new(r, "items", items);
        return r;
}

/* The diagnostics of d's current text: published, or in pull mode the
 * answer of every pull waiting for them (items taken). */
static void deliver(struct server *s, struct doc *d, json_t *items)
{
        if (!s->pull) {
                publish(s, d->uri, items, d->version);
                return;
        }
        for (size_t i = 0; i < d->pulls.n; i++) {
                reply(s, d->pulls.items[i], report(d, json_deep_copy(items)));
                json_decref(d->pulls.items[i]);
        }
        d->pulls.n = 0;
        json_decref(items);
}

static void start_analysis(struct server *s, struct doc *d)
{
        d->due_ms = 0;
        dl_lsp_analysis_cancel(&d->run);
        if (!s->project_ok)
                return;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_lsp_analysis_start(&d->run, &s->project, d->path, d->cplusplus,
                                                  d->text, d->len, &err);
        if (st == DL_OK) {
                d->run_version = d->version;
        } else if (err.file) {
                rules_error(s, &err);
                /* the file itself: why nothing is shown for it */
                struct dl_lsp_text t = {d->text, d->len, s->utf8};
                struct dl_error here;
                dl_error_init(&here);
                dl_error_set(&here, st, NULL, "not analysed: %s:%u:%u: %s", err.file, err.line,
                             err.col, err.message);
                json_t *a = json_array();
                json_array_append_new(a, dl_lsp_error_diagnostic(&here, "rules-file", &t));
                deliver(s, d, a);
                dl_error_fini(&here);
        } else {
                log_message(s, 1, err.message ? err.message : "the analysis could not start");
                deliver(s, d, json_array());
        }
        dl_error_fini(&err);
}

static void finish_analysis(struct server *s, struct doc *d)
{
        forget_result(d);
        d->last_text = dl_xstrndup(d->run.text, d->run.len); /* the text analysed */
        d->last_len = d->run.len;
        d->last_version = d->run_version;
        dl_lsp_analysis_finish(&d->run, &s->project, &d->last);
        /* an edit came since: its analysis is due, and delivered when it ends */
        if (d->run_version != d->version)
                return;
        struct dl_lsp_text t = {d->last_text, d->last_len, s->utf8};
        deliver(s, d, dl_lsp_diagnostics(&s->project, &d->last, d->path, &t));
        if (!s->rules_uris.n)
                return;
        clear_rules_errors(s); /* its rules read without an error */
}

/* The rules files changed: read again, every open source analysed again. */
static void reload(struct server *s)
{
        for (size_t i = 0; i < s->docs.n; i++)
                dl_lsp_analysis_cancel(&s->docs.items[i]->run);
        dl_lsp_project_reload(&s->project);
        clear_rules_errors(s);
        for (size_t i = 0; i < s->docs.n; i++)
                schedule(s->docs.items[i], 0);
        if (s->pull && s->refresh) { /* the client pulls again */
                json_t *req = dl_lsp_notification("workspace/diagnostic/refresh", NULL);
                json_object_del(req, "params");
                json_object_set_new(req, "id", json_integer(++s->next_id));
                send_msg(s, req);
        }
}

/* ---- params ---- */

static const char *str_at(const json_t *obj, const char *key)
{
        return json_string_value(json_object_get(obj, key));
}

static const json_t *obj_at(const json_t *obj, const char *key)
{
        const json_t *v = json_object_get(obj, key);
        return json_is_object(v) ? v : NULL;
}

static const json_t *path_at(const json_t *obj, const char *a, const char *b, const char *c)
{
        const json_t *v = obj;
        const char *keys[] = {a, b, c};
        for (size_t i = 0; v && i < 3 && keys[i]; i++)
                v = json_is_object(v) ? json_object_get(v, keys[i]) : NULL;
        return v;
}

/* textDocument.uri of params, and its document when open. */
static struct doc *doc_of(struct server *s, const json_t *params)
{
        return find_doc(s, str_at(obj_at(params, "textDocument"), "uri"));
}

/* ---- methods ---- */

static json_t *capabilities(struct server *s)
{
        json_t *sync = json_object();
        json_object_set_new(sync, "openClose", json_true());
        json_object_set_new(sync, "change", json_integer(SYNC_FULL));
        json_t *save = json_object();
        json_object_set_new(save, "includeText", json_false());
        json_object_set_new(sync, "save", save);
        json_t *caps = json_object();
        json_object_set_new(caps, "positionEncoding", json_string(s->utf8 ? "utf-8" : "utf-16"));
        json_object_set_new(caps, "textDocumentSync", sync);
        json_t *ca = json_object();
        json_t *kinds = json_array();
        json_array_append_new(kinds, json_string("quickfix"));
        json_object_set_new(ca, "codeActionKinds", kinds);
        json_object_set_new(caps, "codeActionProvider", ca);
        if (s->pull) {
                json_t *dp = json_object();
                json_object_set_new(dp, "identifier", json_string("ddblint"));
                json_object_set_new(dp, "interFileDependencies", json_false());
                json_object_set_new(dp, "workspaceDiagnostics", json_false());
                json_object_set_new(caps, "diagnosticProvider", dp);
        }
        return caps;
}

static void on_initialize(struct server *s, const json_t *id, const json_t *params)
{
        if (s->state != UNINITIALIZED) {
                reply_error(s, id, DL_LSP_INVALID_REQUEST, "initialize was sent already");
                return;
        }
        const json_t *encs = path_at(params, "capabilities", "general", "positionEncodings");
        for (size_t i = 0; json_is_array(encs) && i < json_array_size(encs); i++) {
                const char *e = json_string_value(json_array_get(encs, i));
                s->utf8 = s->utf8 || (e && !strcmp(e, "utf-8"));
        }
        s->pull = json_is_object(path_at(params, "capabilities", "textDocument", "diagnostic"));
        s->refresh = json_is_true(json_object_get(
                path_at(params, "capabilities", "workspace", "diagnostics"), "refreshSupport"));
        const json_t *watch = path_at(params, "capabilities", "workspace", "didChangeWatchedFiles");
        s->watch_dynamic = json_is_true(json_object_get(watch, "dynamicRegistration"));
        /* the workspace root: its first folder, else rootUri, else rootPath */
        char *root = NULL;
        const json_t *folders = json_object_get(params, "workspaceFolders");
        if (json_is_array(folders) && json_array_size(folders))
                root = dl_lsp_uri_path(str_at(json_array_get(folders, 0), "uri"));
        if (!root)
                root = dl_lsp_uri_path(str_at(params, "rootUri"));
        if (!root && str_at(params, "rootPath") && str_at(params, "rootPath")[0] == '/')
                root = dl_xstrdup(str_at(params, "rootPath"));
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_lsp_project_init(&s->project, s->argv0, &s->opts, root, &err);
        free(root);
        s->project_ok = st == DL_OK;
        s->state = RUNNING;
        json_t *result = json_object();
        json_object_set_new(result, "capabilities", capabilities(s));
        json_t *info = json_object();
        json_object_set_new(info, "name", json_string("ddblint"));
        json_object_set_new(info, "version", json_string(DL_VERSION));
        json_object_set_new(result, "serverInfo", info);
        reply(s, id, result);
        if (st != DL_OK) {
                if (err.file)
                        rules_error(s, &err);
                char *msg = dl_xasprintf("ddblint: nothing will be analysed: %s%s%s",
                                         err.file ? err.file : "", err.file ? ": " : "",
                                         err.message ? err.message : "error");
                log_message(s, 1, msg);
                free(msg);
        }
        for (size_t i = 0; i < s->project.log.n; i++) /* stub headers missing... */
                log_message(s, s->project.log.items[i].level == DL_LOG_ERROR ? 1 : 2,
                            s->project.log.items[i].message);
        dl_error_fini(&err);
}

/* After `initialized`: the rules files and compile commands are watched,
 * where the client registers watchers on request. */
static void on_initialized(struct server *s)
{
        if (!s->watch_dynamic)
                return;
        static const char *const globs[] = {"**/.ddblint.yaml", "**/compile_commands.json",
                                            "**/compile_flags.txt"};
        json_t *watchers = json_array();
        for (size_t i = 0; i < sizeof globs / sizeof *globs; i++) {
                json_t *w = json_object();
                json_object_set_new(w, "globPattern", json_string(globs[i]));
                json_array_append_new(watchers, w);
        }
        json_t *opts = json_object();
        json_object_set_new(opts, "watchers", watchers);
        json_t *reg = json_object();
        json_object_set_new(reg, "id", json_string("ddblint-rules-files"));
        json_object_set_new(reg, "method", json_string("workspace/didChangeWatchedFiles"));
        json_object_set_new(reg, "registerOptions", opts);
        json_t *regs = json_array();
        json_array_append_new(regs, reg);
        json_t *params = json_object();
        json_object_set_new(params, "registrations", regs);
        json_t *req = dl_lsp_notification("client/registerCapability", params);
        json_object_set_new(req, "id", json_integer(++s->next_id));
        send_msg(s, req);
}

static void on_did_open(struct server *s, const json_t *params)
{
        const json_t *td = obj_at(params, "textDocument");
        const char *uri = str_at(td, "uri");
        const char *text = str_at(td, "text");
        char *path = dl_lsp_uri_path(uri);
        if (!path || !text) { /* an untitled buffer, another scheme: not ours */
                free(path);
                return;
        }
        struct doc *d = find_doc(s, uri);
        if (!d) {
                d = dl_xcalloc(1, sizeof *d);
                d->run.fd = -1;
                d->uri = dl_xstrdup(uri);
                d->path = path;
                DL_VEC_PUSH(&s->docs, d);
        } else {
                free(path);
                free(d->text);
        }
        const char *lang = str_at(td, "languageId");
        size_t len = json_string_length(json_object_get(td, "text"));
        d->text = dl_xmalloc(len + 1);
        memcpy(d->text, text, len + 1);
        d->len = len;
        d->version = json_integer_value(json_object_get(td, "version"));
        d->cplusplus = lang && (!strcmp(lang, "cpp") || !strcmp(lang, "objective-cpp") ||
                                !strcmp(lang, "cuda-cpp"));
        d->analysed = !is_rules_file(d->path) && analysable(lang, d->path);
        schedule(d, 0);
}

/* One change of didChange: the whole text, or a range of it replaced. */
static void apply_change(struct server *s, struct doc *d, const json_t *change)
{
        const json_t *t = json_object_get(change, "text");
        if (!json_is_string(t))
                return;
        const char *text = json_string_value(t);
        size_t n = json_string_length(t);
        const json_t *range = obj_at(change, "range");
        size_t from = 0, to = d->len;
        if (range) {
                const json_t *a = obj_at(range, "start"), *b = obj_at(range, "end");
                json_int_t al = json_integer_value(json_object_get(a, "line"));
                json_int_t ac = json_integer_value(json_object_get(a, "character"));
                json_int_t bl = json_integer_value(json_object_get(b, "line"));
                json_int_t bc = json_integer_value(json_object_get(b, "character"));
                if (al < 0 || ac < 0 || bl < 0 || bc < 0 || al > UINT32_MAX || bl > UINT32_MAX ||
                    ac > UINT32_MAX || bc > UINT32_MAX)
                        return;
                from = dl_lsp_offset(d->text, d->len, (unsigned)al, (unsigned)ac, s->utf8);
                to = dl_lsp_offset(d->text, d->len, (unsigned)bl, (unsigned)bc, s->utf8);
                if (to < from)
                        to = from;
        }
        char *next = dl_xmalloc(d->len - (to - from) + n + 1);
        memcpy(next, d->text, from);
        memcpy(next + from, text, n);
        memcpy(next + from + n, d->text + to, d->len - to);
        d->len = d->len - (to - from) + n;
        next[d->len] = '\0';
        free(d->text);
        d->text = next;
}

static void on_did_change(struct server *s, const json_t *params)
{
        struct doc *d = doc_of(s, params);
        const json_t *changes = json_object_get(params, "contentChanges");
        if (!d || !json_is_array(changes))
                return;
        for (size_t i = 0; i < json_array_size(changes); i++)
                apply_change(s, d, json_array_get(changes, i));
        const json_t *v = json_object_get(obj_at(params, "textDocument"), "version");
        if (json_is_integer(v))
                d->version = json_integer_value(v);
        dl_lsp_analysis_cancel(&d->run); /* a newer text supersedes it */
        schedule(d, DEBOUNCE_MS);
}

static void on_did_save(struct server *s, const json_t *params)
{
        struct doc *d = doc_of(s, params);
        const char *uri = str_at(obj_at(params, "textDocument"), "uri");
        char *path = dl_lsp_uri_path(uri);
        if (path && is_rules_file(path))
                reload(s);
        else if (d)
                schedule(d, 0);
        free(path);
}

static void on_did_close(struct server *s, const json_t *params)
{
        struct doc *d = doc_of(s, params);
        if (!d)
                return;
        for (size_t i = 0; i < s->docs.n; i++) {
                if (s->docs.items[i] == d) {
                        s->docs.items[i] = s->docs.items[--s->docs.n];
                        break;
                }
        }
        if (d->analysed && s->pull)
                deliver(s, d, json_array()); /* the pulls still waiting */
        else if (d->analysed)
                publish(s, d->uri, json_array(), -1);
        free_doc(d);
}

static void on_watched_files(struct server *s, const json_t *params)
{
        const json_t *changes = json_object_get(params, "changes");
        for (size_t i = 0; json_is_array(changes) && i < json_array_size(changes); i++) {
                char *path = dl_lsp_uri_path(str_at(json_array_get(changes, i), "uri"));
                bool ours = path && (is_rules_file(path) || strstr(path, "compile_commands.json") ||
                                     strstr(path, "compile_flags.txt"));
                free(path);
                if (ours) {
                        reload(s);
                        return;
                }
        }
}

/* textDocument/diagnostic: the current text's diagnostics at once when
 * they are known (unchanged when the client has them: its
 * previousResultId is this version), else when its analysis ends. */
static void on_pull(struct server *s, const json_t *id, const json_t *params)
{
        struct doc *d = doc_of(s, params);
        if (!d || !d->analysed) {
                json_t *r = json_object();
                json_object_set_new(r, "kind", json_string("full"));
                json_object_set_new(r, "items", json_array());
                reply(s, id, r);
                return;
        }
        bool known = d->last_text && d->last_version == d->version && !d->run.pid && !d->due_ms;
        char version[32];
        snprintf(version, sizeof version, "%lld", d->version);
        const char *prev = str_at(params, "previousResultId");
        if (known && prev && !strcmp(prev, version)) {
                json_t *r = json_object();
                json_object_set_new(r, "kind", json_string("unchanged"));
                json_object_set_new(r, "resultId", json_string(version));
                reply(s, id, r);
        } else if (known) {
                struct dl_lsp_text t = {d->last_text, d->last_len, s->utf8};
                reply(s, id, report(d, dl_lsp_diagnostics(&s->project, &d->last, d->path, &t)));
        } else {
                DL_VEC_PUSH(&d->pulls, json_deep_copy(id));
                if (!d->run.pid && !d->due_ms)
                        schedule(d, 0);
        }
}

static void on_code_action(struct server *s, const json_t *id, const json_t *params)
{
        struct doc *d = doc_of(s, params);
        if (!d) {
                reply(s, id, json_array());
                return;
        }
        struct dl_lsp_text t = {d->text, d->len, s->utf8};
        struct dl_lsp_text last = {d->last_text ? d->last_text : "", d->last_len, s->utf8};
        bool current = d->last_text && d->last_version == d->version;
        reply(s, id,
              dl_lsp_code_actions(&d->last, current ? &last : NULL, d->uri, d->path, &t,
                                  json_object_get(params, "range"), obj_at(params, "context")));
}

/* A message that is a request (it has an id) or a notification. */
static void dispatch(struct server *s, const char *method, const json_t *id, const json_t *params)
{
        bool request = id != NULL;
        if (!strcmp(method, "exit")) {
                s->done = true;
                s->status = s->state == SHUT_DOWN ? 0 : 1;
                return;
        }
        if (!strcmp(method, "initialize")) {
                if (request && (!params || json_is_object(params)))
                        on_initialize(s, id, params);
                else if (request)
                        reply_error(s, id, DL_LSP_INVALID_PARAMS, "initialize needs params");
                return;
        }
        if (s->state == UNINITIALIZED) {
                if (request)
                        reply_error(s, id, DL_LSP_SERVER_NOT_INITIALIZED,
                                    "the server is not initialized: send initialize first");
                return;
        }
        if (s->state == SHUT_DOWN) {
                if (request)
                        reply_error(s, id, DL_LSP_INVALID_REQUEST,
                                    "the server is shut down: only exit is accepted");
                return;
        }
        if (!strcmp(method, "shutdown")) {
                for (size_t i = 0; i < s->docs.n; i++)
                        dl_lsp_analysis_cancel(&s->docs.items[i]->run);
                s->state = SHUT_DOWN;
                reply(s, id, json_null());
                return;
        }
        if (params && !json_is_object(params) && !json_is_array(params)) {
                if (request)
                        reply_error(s, id, DL_LSP_INVALID_PARAMS,
                                    "params must be an object or an array");
                return;
        }
        if (!strcmp(method, "textDocument/diagnostic") && request && json_is_object(params)) {
                on_pull(s, id, params);
                return;
        }
        if (!strcmp(method, "textDocument/codeAction") && request) {
                if (!json_is_object(params)) {
                        reply_error(s, id, DL_LSP_INVALID_PARAMS,
                                    "textDocument/codeAction needs params");
                        return;
                }
                on_code_action(s, id, params);
                return;
        }
        if (request) {
                char *msg = dl_xasprintf("unknown method '%s'", method);
                reply_error(s, id, DL_LSP_METHOD_NOT_FOUND, msg);
                free(msg);
                return;
        }
        if (!json_is_object(params))
                return;
        if (!strcmp(method, "initialized"))
                on_initialized(s);
        else if (!strcmp(method, "textDocument/didOpen"))
                on_did_open(s, params);
        else if (!strcmp(method, "textDocument/didChange"))
                on_did_change(s, params);
        else if (!strcmp(method, "textDocument/didSave"))
                on_did_save(s, params);
        else if (!strcmp(method, "textDocument/didClose"))
                on_did_close(s, params);
        else if (!strcmp(method, "workspace/didChangeWatchedFiles"))
                on_watched_files(s, params);
        /* other notifications ($/cancelRequest, $/setTrace...) need nothing */
}

static void on_body(struct server *s, const char *body, size_t len)
{
        json_error_t jerr;
        json_t *msg = json_loadb(body, len,
                                 JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
        if (!msg) {
                char *why = dl_xasprintf("the message is not JSON: line %d, column %d: %s",
                                         jerr.line, jerr.column, jerr.text);
                reply_error(s, NULL, DL_LSP_PARSE_ERROR, why);
                free(why);
                return;
        }
        const json_t *id = json_is_object(msg) ? json_object_get(msg, "id") : NULL;
        const json_t *method = json_is_object(msg) ? json_object_get(msg, "method") : NULL;
        bool id_ok = !id || json_is_string(id) || json_is_integer(id);
        if (!json_is_object(msg) || !id_ok || (method && !json_is_string(method))) {
                reply_error(s, id_ok ? id : NULL, DL_LSP_INVALID_REQUEST,
                            "not a JSON-RPC 2.0 request or notification");
        } else if (!method) {
                /* a response to a request of the server's (registerCapability),
                 * or a message without a method */
                if (!json_object_get(msg, "result") && !json_object_get(msg, "error"))
                        reply_error(s, id, DL_LSP_INVALID_REQUEST, "a request needs a method");
        } else {
                dispatch(s, json_string_value(method), id, json_object_get(msg, "params"));
        }
        json_decref(msg);
}

static void on_input(struct server *s)
{
        for (;;) {
                char *body;
                size_t len;
                const char *why;
                enum dl_lsp_frame f = dl_lsp_reader_next(&s->in, &body, &len, &why);
                if (f == DL_LSP_FRAME_NONE)
                        return;
                if (f == DL_LSP_FRAME_ERROR)
                        reply_error(s, NULL, DL_LSP_PARSE_ERROR, why);
                else
                        on_body(s, body, len);
                free(body);
                if (s->done)
                        return;
        }
}

/* ---- the loop ---- */

static void loop(struct server *s)
{
        struct pollfd *pfd = NULL;
        struct doc **owner = NULL;
        size_t cap = 0;
        while (!s->done) {
                size_t n = s->docs.n + 1;
                if (n > cap) {
                        cap = n * 2;
                        pfd = dl_xrealloc(pfd, cap * sizeof *pfd);
                        owner = dl_xrealloc(owner, cap * sizeof *owner);
                }
                pfd[0] = (struct pollfd){0, POLLIN, 0};
                size_t k = 1;
                long long now = dl_lsp_now_ms(), wake = -1;
                for (size_t i = 0; i < s->docs.n; i++) {
                        struct doc *d = s->docs.items[i];
                        if (d->run.fd >= 0) {
                                owner[k] = d;
                                pfd[k++] = (struct pollfd){d->run.fd, POLLIN, 0};
                                if (d->run.deadline_ms && (wake < 0 || d->run.deadline_ms < wake))
                                        wake = d->run.deadline_ms;
                        }
                        if (d->due_ms && (wake < 0 || d->due_ms < wake))
                                wake = d->due_ms;
                }
                int timeout = wake < 0 ? -1 : wake <= now ? 0 : (int)(wake - now);
                if (poll(pfd, k, timeout) < 0 && errno != EINTR)
                        break;
                if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
                        char buf[65536];
                        ssize_t got = read(0, buf, sizeof buf);
                        if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) {
                                s->done = true; /* the client is gone */
                                s->status = s->state == SHUT_DOWN ? 0 : 1;
                                break;
                        }
                        if (got > 0) {
                                dl_lsp_reader_feed(&s->in, buf, (size_t)got);
                                on_input(s);
                        }
                }
                /* documents may have closed: owner[] is checked against them */
                for (size_t j = 1; j < k && !s->done; j++) {
                        struct doc *d = owner[j];
                        bool open = false;
                        for (size_t i = 0; i < s->docs.n && !open; i++)
                                open = s->docs.items[i] == d;
                        if (!open || d->run.fd != pfd[j].fd || !pfd[j].revents)
                                continue;
                        if (dl_lsp_analysis_read(&d->run))
                                finish_analysis(s, d);
                }
                now = dl_lsp_now_ms();
                for (size_t i = 0; i < s->docs.n && !s->done; i++) {
                        struct doc *d = s->docs.items[i];
                        if (d->run.pid && d->run.deadline_ms && d->run.deadline_ms <= now) {
                                char *msg = dl_xasprintf("ddblint: %s not analysed: it took "
                                                         "longer than %u s (--tu-timeout)",
                                                         d->path, s->project.o.tu_timeout);
                                dl_lsp_analysis_cancel(&d->run);
                                log_message(s, 2, msg);
                                free(msg);
                                deliver(s, d, json_array());
                        }
                        if (d->due_ms && d->due_ms <= now)
                                start_analysis(s, d);
                }
        }
        free(pfd);
        free(owner);
}

static const char usage[] =
        "usage: ddblint lsp [options]\n"
        "A Language Server Protocol server on stdin and stdout (docs/editors.md).\n"
        "Options (as for a lint run): -p DIR, --rules FILE, --tables-from FILE,\n"
        "  --checks GLOBS, --extra-arg FLAG, --project-root DIR, --sarif-help-base URL,\n"
        "  --no-cache, --cache-dir DIR, --no-pch, --no-stub-headers, --tu-timeout S,\n"
        "  --verbose\n";

int dl_lsp_main(const char *argv0, int argc, char **argv)
{
        struct server s;
        memset(&s, 0, sizeof s);
        s.argv0 = argv0;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_options_parse(&s.opts, argc, argv, &err) != DL_OK) {
                fprintf(stderr, "ddblint lsp: %s\n%s", err.message, usage);
                dl_error_fini(&err);
                return 2;
        }
        if (s.opts.help) {
                fputs(usage, stdout);
                dl_options_fini(&s.opts);
                return 0;
        }
        if (s.opts.n_paths) {
                fprintf(stderr,
                        "ddblint lsp: unexpected operand '%s': the editor opens the "
                        "files\n%s",
                        s.opts.paths[0], usage);
                dl_options_fini(&s.opts);
                return 2;
        }
        signal(SIGPIPE, SIG_IGN); /* a write to a gone client fails instead */
        dl_lsp_reader_init(&s.in, 0);
        loop(&s);
        for (size_t i = 0; i < s.docs.n; i++)
                free_doc(s.docs.items[i]);
        DL_VEC_FREE(&s.docs);
        for (size_t i = 0; i < s.rules_uris.n; i++)
                free(s.rules_uris.items[i]);
        DL_VEC_FREE(&s.rules_uris);
        dl_lsp_reader_fini(&s.in);
        dl_lsp_project_fini(&s.project);
        dl_options_fini(&s.opts);
        return s.status;
}

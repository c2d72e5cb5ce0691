/* registry.c - the catalogue built from checks.def.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

#include "../core/strbuf.h"
#include "../core/suggest.h"
#include "../rules/schema.h"

#include <string.h>

#define DL_CHECK(ident, id, summary, sev, tags) extern const struct dl_check dl_check_##ident;
#include "checks.def"
#undef DL_CHECK

static const struct dl_check *const all[] = {
#define DL_CHECK(ident, id, summary, sev, tags) &dl_check_##ident,
#include "checks.def"
#undef DL_CHECK
};

static const struct dl_catalogue catalogue = {all, sizeof all / sizeof all[0]};

const struct dl_catalogue *dl_catalogue_get(void)
{
        return &catalogue;
}

const struct dl_check *dl_catalogue_find(const char *id)
{
        for (size_t i = 0; i < catalogue.n; i++) {
                if (strcmp(all[i]->info->id, id) == 0)
                        return all[i];
        }
        return NULL;
}

/* Every option under a check's id must be one the check declares. */
static enum dl_status validate_options(const struct dl_check *c,
                                       const struct dl_check_config *cfg, struct dl_error *err)
{
        if (!cfg)
                return DL_OK;
        for (size_t k = 0; k < cfg->n_options; k++) {
                const struct dl_check_option *o = &cfg->options[k];
                bool known = false;
                for (const char *const *d = c->options; d && *d; d++)
                        known = known || strcmp(*d, o->key) == 0;
                if (known)
                        continue;
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                dl_strbuf_puts(&sb, "enabled, severity");
                const char *names[64] = {"enabled", "severity"};
                size_t n = 2;
                for (const char *const *d = c->options; d && *d; d++) {
                        dl_strbuf_printf(&sb, ", %s", *d);
                        if (n < sizeof names / sizeof *names)
                                names[n++] = *d;
                }
                const char *s = dl_suggest(o->key, names, n);
                enum dl_status st = dl_error_set(err, DL_ERR_CONFIG, &o->key_loc,
                                                 "unknown option '%s' for check '%s'%s%s%s "
                                                 "expected one of: %s",
                                                 o->key, c->info->id, s ? "; did you mean '" : ";",
                                                 s ? s : "", s ? "'?" : "", dl_strbuf_cstr(&sb));
                dl_strbuf_fini(&sb);
                return st;
        }
        return DL_OK;
}

enum dl_status dl_catalogue_configure(const struct dl_ruleset *rules, void **states,
                                      struct dl_error *err)
{
        for (size_t i = 0; i < catalogue.n; i++)
                states[i] = NULL;
        for (size_t i = 0; i < catalogue.n; i++) {
                const struct dl_check *c = all[i];
                const struct dl_check_config *cfg = dl_schema_check_config(rules, c->info->id);
                enum dl_status st = validate_options(c, cfg, err);
                if (st == DL_OK && c->configure)
                        st = c->configure(&states[i], cfg, rules, err);
                if (st != DL_OK) {
                        dl_catalogue_destroy(states);
                        return st;
                }
        }
        return DL_OK;
}

void dl_catalogue_destroy(void **states)
{
        for (size_t i = 0; i < catalogue.n; i++) {
                if (all[i]->destroy && states[i])
                        all[i]->destroy(states[i]);
                states[i] = NULL;
        }
}

/* job_wire.h - a finished job's result as bytes, sent by the worker
 * process that analysed its translation unit to the driver (jobs.c).
 * SPDX-License-Identifier: MIT
 *
 * The result is the job's outcome, clang error count and what the result
 * cache did for it (struct dl_job.cache), its tool
 * diagnostics (struct dl_log_entry), its findings (struct dl_finding with
 * related locations), its --dump-requests text, its access records
 * (report/access.h, when its pipeline asks for them), and how many calls each
 * wrapper of its rules matched, and the wrappers a first-pass job inferred
 * (recognize/infer.h). The encoding is private to one ddblint
 * binary talking to a fork of itself: records of a tag byte and fields,
 * numbers in native byte order, strings as a 32-bit length (0xffffffff for
 * NULL) and the bytes. Strings are bytes, not UTF-8: a message may quote a
 * Latin-1 string literal of the source, which JSON could not carry as is.
 * The last record is the end record; a result without it was cut short.
 */
#ifndef DL_CLI_JOB_WIRE_H
#define DL_CLI_JOB_WIRE_H

#include "jobs.h"

#include "../core/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_job_wire_encode - append job's result (outcome, clang_errors, cache,
 * log, findings, dump) to out, with calls[k] as the number of calls wrapper k
 * of the job's rules matched during the job (n_calls of them).
 */
void dl_job_wire_encode(const struct dl_job *job, const unsigned long *calls, size_t n_calls,
                        struct dl_strbuf *out);

/**
 * dl_job_wire_decode - read a result written by dl_job_wire_encode into
 * job (its log must have been initialized; findings and dump are appended
 * and owned by the job) and add each wrapper's calls to the job's rules
 * (struct dl_wrapper.calls, atomically).
 * Returns: true when the bytes hold a whole result (up to the end record);
 * false when they are cut short or malformed (job may then hold part of it:
 * dl_job_fini releases it).
 */
bool dl_job_wire_decode(const char *buf, size_t len, struct dl_job *job);

#endif

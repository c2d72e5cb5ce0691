/* iowow/iwjson.h - ddblint's stub of iowow's JSON tree (JBL_NODE), in which
 * aws4 returns responses and takes JSON payloads; see basedefs.h.
 * Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_IWJSON_H
#define DDBLINT_STUB_IOWOW_IWJSON_H

#include "basedefs.h"
#include "iwpool.h"
#include "iwxstr.h"

IW_EXTERN_C_START

typedef enum {
        JBV_NONE = 0,
        JBV_NULL,
        JBV_BOOL,
        JBV_I64,
        JBV_F64,
        JBV_STR,
        JBV_OBJECT,
        JBV_ARRAY,
} jbl_type_t;

/* A node of a JSON tree. */
typedef struct _JBL_NODE {
        struct _JBL_NODE *next;
        struct _JBL_NODE *prev;
        struct _JBL_NODE *parent;
        const char *key;
        int klidx;
        uint32_t flags;
        struct _JBL_NODE *child;
        int vsize;
        jbl_type_t type;
        union {
                const char *vptr;
                bool vbool;
                int64_t vi64;
                double vf64;
        };
} *JBL_NODE;

typedef enum {
        JBP_ADD = 1,
        JBP_REMOVE,
        JBP_REPLACE,
        JBP_COPY,
        JBP_MOVE,
        JBP_TEST,
        JBP_INCREMENT,
        JBP_ADD_CREATE,
        JBP_SWAP,
} jbp_patch_t;

typedef struct _JBL_PATCH {
        jbp_patch_t op;
        const char *path;
        const char *from;
        const char *vjson;
        JBL_NODE vnode;
} JBL_PATCH;

typedef uint8_t jbl_print_flags_t;
#define JBL_PRINT_PRETTY ((jbl_print_flags_t)0x01U)
#define JBL_PRINT_CODEPOINTS ((jbl_print_flags_t)0x02U)

typedef iwrc (*jbl_json_printer)(const char *data, int size, char ch, int count, void *op);

IW_EXPORT iwrc jbl_xstr_json_printer(const char *data, int size, char ch, int count, void *op);
IW_EXPORT iwrc jbn_at(JBL_NODE node, const char *path, JBL_NODE *res);
IW_EXPORT iwrc jbn_from_json(const char *json, JBL_NODE *node, IWPOOL *pool);
IW_EXPORT iwrc jbn_from_json_printf(JBL_NODE *node, IWPOOL *pool, const char *format, ...)
        __attribute__((format(printf, 3, 4)));
IW_EXPORT iwrc jbn_as_json(JBL_NODE node, jbl_json_printer pt, void *op, jbl_print_flags_t pf);
IW_EXPORT void jbn_add_item(JBL_NODE parent, JBL_NODE node);
IW_EXPORT iwrc jbn_add_item_str(JBL_NODE parent, const char *key, const char *val, int vlen,
                                JBL_NODE *node_out, IWPOOL *pool);
IW_EXPORT iwrc jbn_add_item_i64(JBL_NODE parent, const char *key, int64_t val,
                                JBL_NODE *node_out, IWPOOL *pool);
IW_EXPORT iwrc jbn_add_item_bool(JBL_NODE parent, const char *key, bool val,
                                 JBL_NODE *node_out, IWPOOL *pool);
IW_EXPORT iwrc jbn_add_item_obj(JBL_NODE parent, const char *key, JBL_NODE *node_out,
                                IWPOOL *pool);
IW_EXPORT iwrc jbn_add_item_arr(JBL_NODE parent, const char *key, JBL_NODE *node_out,
                                IWPOOL *pool);
IW_EXPORT iwrc jbn_copy_path(JBL_NODE src, const char *src_path, JBL_NODE target,
                             const char *target_path, bool overwrite_on_nulls,
                             bool no_src_clone, IWPOOL *pool);
IW_EXPORT iwrc jbn_patch(JBL_NODE root, const JBL_PATCH *patch, size_t cnt, IWPOOL *pool);
IW_EXPORT iwrc jbn_patch_auto(JBL_NODE root, JBL_NODE patch, IWPOOL *pool);

IW_EXTERN_C_END

#endif

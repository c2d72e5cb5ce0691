#!/usr/bin/env python3
"""gen.py - the recall matrix (issue 23, item 5): write one source file per
combination of a value-building idiom, a client and a check that reads the
value, each holding the buggy form the check can prove (function bug_*) and
a corrected form it must stay silent on (function ok_*), plus a manifest.

  gen.py OUT_DIR

OUT_DIR receives the sources, `.ddblint.yaml` (the table the key check needs)
and `manifest.json`: per file its idiom, client, check, language, and the line
where its corrected half starts. tests/recall/run runs ddblint over them and
prints recall and false positives per idiom, client and check.

Values are C strings built from parts: a literal ('lit', text) or the
function's run-time parameter ('id',). The buggy key is a constant; its
corrected twin adds the caller's id. The buggy KeyConditionExpression names the
reserved word Name (its twin aliases it, #n, and names it in
ExpressionAttributeNames), is cut short (its twin is whole), or uses a value
placeholder the request does not define (its twin the one it does).
Add an idiom the day a user shows one ddblint missed.
"""
import json
import os
import sys

# ---- idioms: how a value is built --------------------------------------


def c_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def split(text):
    """Two halves of a literal (for the idioms that write in steps)."""
    h = max(1, len(text) // 2)
    return text[:h], text[h:]


def fmt_of(parts):
    """A printf format and its arguments for parts (%s for the id)."""
    fmt, args = '', []
    for p in parts:
        if p[0] == 'lit':
            fmt += p[1].replace('%', '%%')
        else:
            fmt += '%s'
            args.append('id')
    return fmt, args


def const_then_id(n, const_expr, parts):
    """A constant idiom's value: the constant alone, or with the id after
    it composed by snprintf (the constant is the idiom under test)."""
    if len(parts) == 1:
        return [], const_expr
    rest = ''.join(p[1] for p in parts[1:] if p[0] == 'lit')
    return ['char v%d[128];' % n,
            'snprintf(v%d, sizeof v%d, "%%s%s%%s", %s, id);' % (n, n, rest, const_expr)], 'v%d' % n


def idiom_literal(n, parts):
    return '', *const_then_id(n, c_str(parts[0][1]), parts)


def idiom_macro(n, parts):
    return '#define K%d %s\n' % (n, c_str(parts[0][1])), *const_then_id(n, 'K%d' % n, parts)


def idiom_const_array(n, parts):
    decl = 'static const char K%d[] = %s;\n' % (n, c_str(parts[0][1]))
    return decl, *const_then_id(n, 'K%d' % n, parts)


def idiom_local_pointer(n, parts):
    pre = ['const char *k%d = %s;' % (n, c_str(parts[0][1]))]
    s, e = const_then_id(n, 'k%d' % n, parts)
    return '', pre + s, e


def idiom_strcpy_strcat(n, parts):
    a, b = split(parts[0][1])
    s = ['char v%d[128];' % n, 'strcpy(v%d, %s);' % (n, c_str(a)), 'strcat(v%d, %s);' % (n, c_str(b))]
    for p in parts[1:]:
        s.append('strcat(v%d, %s);' % (n, c_str(p[1])) if p[0] == 'lit' else 'strncat(v%d, id, 40);' % n)
    return '', s, 'v%d' % n


def idiom_memcpy(n, parts):
    t = parts[0][1]
    s = ['char v%d[128];' % n, 'memcpy(v%d, %s, %d);' % (n, c_str(t), len(t) + 1)]
    for p in parts[1:]:
        s.append('strcat(v%d, %s);' % (n, c_str(p[1])) if p[0] == 'lit' else 'strncat(v%d, id, 40);' % n)
    return '', s, 'v%d' % n


def idiom_sprintf(n, parts):
    fmt, args = fmt_of(parts)
    return '', ['char v%d[128];' % n, 'sprintf(v%d, %s);' % (n, ', '.join([c_str(fmt)] + args))], 'v%d' % n


def idiom_snprintf(n, parts):
    fmt, args = fmt_of(parts)
    return '', ['char v%d[128];' % n,
                'snprintf(v%d, sizeof v%d, %s);' % (n, n, ', '.join([c_str(fmt)] + args))], 'v%d' % n


def idiom_snprintf_s_const(n, parts):
    """snprintf with a %s of a constant array (the buffer model reads it)."""
    a, b = split(parts[0][1])
    decl = 'static const char H%d[] = %s;\n' % (n, c_str(a))
    fmt, args = fmt_of([('lit', b)] + parts[1:])
    return decl, ['char v%d[128];' % n,
                  'snprintf(v%d, sizeof v%d, %s);' % (n, n, ', '.join([c_str('%s' + fmt), 'H%d' % n] + args))], \
        'v%d' % n


def idiom_asprintf(n, parts):
    fmt, args = fmt_of(parts)
    return '', ['char *v%d = NULL;' % n,
                'if (asprintf(&v%d, %s) < 0) return -1;' % (n, ', '.join([c_str(fmt)] + args))], 'v%d' % n


def idiom_helper_fill(n, parts):
    """a helper of the file writes the value into the caller's buffer"""
    fmt, args = fmt_of(parts)
    decl = ('static void fill%d(char *out, size_t size, const char *id)\n{\n'
            '        (void)id;\n        snprintf(out, size, %s);\n}\n' % (n, ', '.join([c_str(fmt)] + args)))
    return decl, ['char v%d[128];' % n, 'fill%d(v%d, sizeof v%d, id);' % (n, n, n)], 'v%d' % n


def idiom_helper_return(n, parts):
    """a helper of the file returns the constant"""
    decl = 'static const char *key%d(void)\n{\n        return %s;\n}\n' % (n, c_str(parts[0][1]))
    return decl, *const_then_id(n, 'key%d()' % n, parts)


def cpp_parts(parts):
    a, b = split(parts[0][1])
    rest = ' + '.join(c_str(p[1]) if p[0] == 'lit' else 'id' for p in parts[1:])
    return a, b, rest


def idiom_cpp_concat(n, parts):
    a, b, rest = cpp_parts(parts)
    e = 'std::string(%s) + %s' % (c_str(a), c_str(b)) + (' + ' + rest if rest else '')
    return '', ['std::string v%d = %s;' % (n, e)], 'v%d.c_str()' % n


def idiom_cpp_append(n, parts):
    a, b, _ = cpp_parts(parts)
    s = ['std::string v%d = %s;' % (n, c_str(a)), 'v%d += %s;' % (n, c_str(b))]
    for p in parts[1:]:
        s.append('v%d.append(%s);' % (n, c_str(p[1]) if p[0] == 'lit' else 'id'))
    return '', s, 'v%d.c_str()' % n


def idiom_cpp_helper(n, parts):
    a, b, rest = cpp_parts(parts)
    e = 'std::string(%s) + %s' % (c_str(a), c_str(b)) + (' + ' + rest if rest else '')
    decl = ('static std::string key%d(const std::string &id)\n{\n        (void)id;\n'
            '        return %s;\n}\n' % (n, e))
    return decl, ['std::string v%d = key%d(id);' % (n, n)], 'v%d.c_str()' % n


IDIOMS = {
    'literal': (idiom_literal, 'c'),
    'macro': (idiom_macro, 'c'),
    'const-array': (idiom_const_array, 'c'),
    'local-pointer': (idiom_local_pointer, 'c'),
    'strcpy-strcat': (idiom_strcpy_strcat, 'c'),
    'memcpy': (idiom_memcpy, 'c'),
    'sprintf': (idiom_sprintf, 'c'),
    'snprintf': (idiom_snprintf, 'c'),
    'snprintf-%s-const': (idiom_snprintf_s_const, 'c'),
    'asprintf': (idiom_asprintf, 'c'),
    'helper-fills-buffer': (idiom_helper_fill, 'c'),
    'helper-returns': (idiom_helper_return, 'c'),
    'c++-concat': (idiom_cpp_concat, 'cpp'),
    'c++-append': (idiom_cpp_append, 'cpp'),
    'c++-helper-returns': (idiom_cpp_helper, 'cpp'),
}

# ---- clients: how the request is sent ----------------------------------

PUT_BODY = '{"TableName":"Shop","Item":{"PK":{"S":"%s"},"SK":{"S":"ITEM#%s"}}}'
QUERY_BODY = '{"TableName":"Shop","KeyConditionExpression":"%s",' \
             '"ExpressionAttributeValues":{":v":{"S":"%s"}}}'
QUERY_BODY_OK = '{"TableName":"Shop","KeyConditionExpression":"%s",' \
                '"ExpressionAttributeNames":{"#n":"Name"},' \
                '"ExpressionAttributeValues":{":v":{"S":"%s"}}}'

CURL_HEAD = '#include <curl/curl.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n'
POST = ('static int post(CURL *curl, const char *op, const char *body)\n{\n'
        '        char hdr[128];\n'
        '        snprintf(hdr, sizeof hdr, "X-Amz-Target: DynamoDB_20120810.%s", op);\n'
        '        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(NULL, hdr));\n'
        '        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);\n'
        '        return curl_easy_perform(curl);\n}\n')


def curl_send(builder):
    def send(op, body_fmt, value):
        target = c_str('X-Amz-Target: DynamoDB_20120810.' + op)
        b = c_str(body_fmt)
        if builder == 'sprintf':
            s = ['char body[512];', 'sprintf(body, %s, %s, id);' % (b, value)]
        elif builder == 'snprintf':
            s = ['char body[512];', 'snprintf(body, sizeof body, %s, %s, id);' % (b, value)]
        else:
            s = ['char *body = NULL;', 'if (asprintf(&body, %s, %s, id) < 0) return -1;' % (b, value)]
        s += ['curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(NULL, %s));' % target,
              'curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);']
        return s, 'return curl_easy_perform(curl);'
    return {'head': CURL_HEAD, 'decl': '', 'params': 'CURL *curl, const char *id', 'ret': 'int',
            'send': send, 'lang': 'c'}


def post_send(op, body_fmt, value):
    s = ['char body[512];', 'snprintf(body, sizeof body, %s, %s, id);' % (c_str(body_fmt), value)]
    return s, 'return post(curl, %s, body);' % c_str(op)


def aws4dd_send(op, body_fmt, value):
    if op == 'PutItem':
        s = ['struct aws4dd_item_put *op = 0;', 'struct aws4dd_response *resp = 0;',
             'aws4dd_item_put_op(&op, &(struct aws4dd_item_put_spec){.table_name = "Shop"});',
             'aws4dd_item_put_value(op, "/Item/PK", "S", %s);' % value,
             'char sk[128];', 'snprintf(sk, sizeof sk, "ITEM#%s", id);',
             'aws4dd_item_put_value(op, "/Item/SK", "S", sk);']
        return s, 'return aws4dd_item_put(&request_spec, op, &resp);'
    s = ['struct aws4dd_query *op = 0;', 'struct aws4dd_response *resp = 0;',
         'aws4dd_query_op(&op, &(struct aws4dd_query_spec){.table_name = "Shop",',
         '                                                .key_condition_expression = %s});' % value]
    if 'ExpressionAttributeNames' in body_fmt:
        s.append('aws4dd_query_expression_attr_name(op, "#n", "Name");')
    s.append('aws4dd_query_value(op, "/ExpressionAttributeValues/:v", "S", id);')
    return s, 'return aws4dd_query(&request_spec, op, &resp);'


def sdk_send(op, body_fmt, value):
    if op == 'PutItem':
        s = ['Model::PutItemRequest req;', 'req.SetTableName("Shop");',
             'req.AddItem("PK", Model::AttributeValue(%s));' % value,
             'req.AddItem("SK", Model::AttributeValue(Aws::String("ITEM#") + id));']
        return s, 'client.PutItem(req);'
    s = ['Model::QueryRequest req;', 'req.SetTableName("Shop");',
         'req.SetKeyConditionExpression(%s);' % value]
    if 'ExpressionAttributeNames' in body_fmt:
        s.append('req.AddExpressionAttributeNames("#n", "Name");')
    s.append('req.AddExpressionAttributeValues(":v", Model::AttributeValue(id));')
    return s, 'client.Query(req);'


CLIENTS = {
    'curl-sprintf': curl_send('sprintf'),
    'curl-snprintf': curl_send('snprintf'),
    'curl-asprintf': curl_send('asprintf'),
    'own-post-helper': {'head': CURL_HEAD, 'decl': POST, 'params': 'CURL *curl, const char *id',
                        'ret': 'int', 'send': post_send, 'lang': 'c'},
    'aws4dd': {'head': '#include <aws4/aws4dd.h>\n#include <stdio.h>\n#include <stdlib.h>\n'
                       '#include <string.h>\n',
               'decl': 'static struct aws4_request_spec request_spec;\n',
               'params': 'const char *id', 'ret': 'iwrc', 'send': aws4dd_send, 'lang': 'c'},
    'aws-sdk-cpp': {'head': '#include <aws/dynamodb/DynamoDBClient.h>\n'
                            '#include <aws/dynamodb/model/PutItemRequest.h>\n'
                            '#include <aws/dynamodb/model/QueryRequest.h>\n'
                            '#include <cstdio>\n#include <cstring>\n#include <string>\n'
                            'using namespace Aws::DynamoDB;\n',
                    'decl': '', 'params': 'DynamoDBClient &client, const char *id',
                    'ret': 'void', 'send': sdk_send, 'lang': 'cpp'},
}

# ---- checks: what reads the value ---------------------------------------


def key_check(n):
    const = 'EVENTS%d' % n
    return {'op': 'PutItem', 'bug_parts': [('lit', const)], 'ok_parts': [('lit', const + '#'), ('id',)],
            'bug_body': PUT_BODY, 'ok_body': PUT_BODY,
            'message': "partition key 'PK' of table 'Shop' is the constant '%s'" % const}


def reserved_check(n):
    return {'op': 'Query', 'bug_parts': [('lit', 'Name = :v')], 'ok_parts': [('lit', '#n = :v')],
            'bug_body': QUERY_BODY, 'ok_body': QUERY_BODY_OK, 'message': None}


def syntax_check(n):
    return {'op': 'Query', 'bug_parts': [('lit', 'PK = :v AND (SK')], 'ok_parts': [('lit', 'PK = :v')],
            'bug_body': QUERY_BODY, 'ok_body': QUERY_BODY, 'message': None}


def placeholder_check(n):
    return {'op': 'Query', 'bug_parts': [('lit', 'PK = :pk')], 'ok_parts': [('lit', 'PK = :v')],
            'bug_body': QUERY_BODY, 'ok_body': QUERY_BODY, 'message': ':pk'}


CHECKS = {'constant-partition-key': key_check, 'reserved-word': reserved_check,
          'expression-syntax': syntax_check, 'undefined-placeholder': placeholder_check}

RULES = """version: 1
tables:
  - name: Shop
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
"""


def indent(lines):
    return ''.join('        ' + x + '\n' for x in lines)


def function(client, name, idiom, n, parts, body_fmt, op):
    decl, stmts, value = IDIOMS[idiom][0](n, parts)
    send_stmts, last = client['send'](op, body_fmt, value)
    params = client['params']
    if idiom == 'asprintf' and client['ret'] == 'void':
        stmts = [s.replace('return -1;', 'return;') for s in stmts]
    text = decl + '%s %s(%s)\n{\n' % (client['ret'], name, params)
    text += indent(stmts + send_stmts + [last])
    return text + '}\n'


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, '.ddblint.yaml'), 'w') as f:
        f.write(RULES)
    manifest = []
    n = 0
    for client_name, client in CLIENTS.items():
        for idiom, (_, lang) in IDIOMS.items():
            if lang == 'cpp' and client['lang'] != 'cpp':
                continue
            if client['lang'] == 'cpp' and idiom == 'asprintf':
                continue
            for check, make in CHECKS.items():
                n += 1
                c = make(n)
                ext = '.cpp' if client['lang'] == 'cpp' else '.c'
                name = '%03d-%s-%s-%s%s' % (n, check, client_name, idiom.replace('%', '').replace('+', 'p'),
                                             ext)
                head = '/* recall matrix case %d: %s by %s through %s (generated by tests/recall/gen.py) */\n' % (
                    n, check, idiom, client_name)
                if ext == '.c':
                    head += '#define _GNU_SOURCE\n'
                text = head + client['head'] + client['decl'] + '\n'
                text += function(client, 'bug_%d' % n, idiom, n, c['bug_parts'], c['bug_body'], c['op'])
                ok_line = text.count('\n') + 1
                text += '\n' + function(client, 'ok_%d' % n, idiom, n + 10000, c['ok_parts'], c['ok_body'],
                                        c['op'])
                with open(os.path.join(out, name), 'w') as f:
                    f.write(text)
                manifest.append({'file': name, 'idiom': idiom, 'client': client_name, 'check': check,
                                 'ok_line': ok_line, 'message': c['message']})
    with open(os.path.join(out, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
    print('%d cases in %s' % (len(manifest), out))


if __name__ == '__main__':
    main()

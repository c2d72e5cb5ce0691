;;; eglot.el - the Emacs half of tests/lsp/eglot.sh: after the set-up that
;;; docs/editors.md gives (loaded first), open the file, start eglot as
;;; M-x eglot does, wait up to 120 seconds for ddblint's diagnostics in
;;; flymake, and write each as "LINE TYPE TEXT" to $DDBLINT_EGLOT_OUT.
(require 'eglot)
(require 'flymake)
(let ((out (getenv "DDBLINT_EGLOT_OUT"))
      (file (car (last command-line-args-left))))
  (setq command-line-args-left nil)
  (find-file file)
  (c++-mode)
  (apply #'eglot (eglot--guess-contact))
  (flymake-start)
  (let ((waited 0))
    (while (and (< waited 1200) (< (length (flymake-diagnostics)) 2))
      (accept-process-output nil 0.1)
      (setq waited (1+ waited)))
    (let ((lines (mapcar (lambda (d)
                           (format "%d %s %s\n" (line-number-at-pos (flymake-diagnostic-beg d))
                                   (flymake-diagnostic-type d)
                                   (replace-regexp-in-string "\n" " " (flymake-diagnostic-text d))))
                         (sort (flymake-diagnostics)
                               (lambda (a b) (< (flymake-diagnostic-beg a)
                                                (flymake-diagnostic-beg b)))))))
      (with-temp-file out
        (apply #'insert lines)
        (insert (format "waited %d s\n" (/ waited 10))))))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (kill-emacs 0))

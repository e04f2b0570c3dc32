#!/usr/bin/perl
# Classifies files (one path per stdin line) with one in-process SpamAssassin: stock local rules,
# network tests off, Bayes from the given dbpath (trained with sa-learn on the training groups only).
# Prints "path<TAB>score<TAB>is_spam" per file, then "#elapsed" and "#cpu" seconds for the checks alone.
use strict;
use warnings;
use Mail::SpamAssassin;
use Time::HiRes qw(time);

my $dbpath = shift @ARGV or die "usage: sa-check.pl <bayes-dbpath> < files\n";
my $sa = Mail::SpamAssassin->new({
  local_tests_only => 1,
  dont_copy_prefs  => 1,
  userprefs_filename => "/dev/null",
  post_config_text => "use_bayes 1\nbayes_auto_learn 0\nbayes_path $dbpath/bayes\nuse_auto_whitelist 0\ndns_available no\nskip_rbl_checks 1\n",
});
$sa->compile_now(0);
my @files = <STDIN>;
chomp @files;
my $t0 = time;
my ($u0, $s0) = times;
for my $f (@files) {
  open(my $fh, '<', $f) or die "$f: $!";
  local $/;
  my $text = <$fh>;
  close $fh;
  my $mail = $sa->parse($text);
  my $status = $sa->check($mail);
  printf "%s\t%.3f\t%d\n", $f, $status->get_score, $status->is_spam ? 1 : 0;
  $status->finish;
  $mail->finish;
}
my ($u1, $s1) = times;
printf "#elapsed\t%.3f\n", time - $t0;
printf "#cpu\t%.3f\n", ($u1 - $u0) + ($s1 - $s0);

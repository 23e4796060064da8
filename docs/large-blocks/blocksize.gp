# gnuplot blocksize.gp (in docs/large-blocks): blocksize.png from blocksize-sweep.tsv
set terminal pngcairo size 1100,460 font ",10"
set output "blocksize.png"
set datafile separator "\t"
set multiplot layout 1,2 title "AX-7525, Test 2 setup (32 VMs a node, 2 threads x 8 outstanding, random): hcisim by block size"
set logscale x 2
set xlabel "block size (KiB)"
set xtics ("4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512, "1M" 1024)
set grid
set key at graph 0.98, graph 0.72 right
set ylabel "throughput (GB/s)"
set yrange [0:120]
set arrow 1 from 4,105 to 1024,105 nohead dt 2 lc rgb "#1f77b4"
set label 1 "published 512K read max, 105 GB/s" at 5,110 tc rgb "#1f77b4"
set arrow 2 from 4,29.65 to 1024,29.65 nohead dt 2 lc rgb "#2ca02c"
set label 2 "published 512K 20 % write, 29.65 GB/s" at 5,34 tc rgb "#2ca02c"
set arrow 3 from 4,8 to 1024,8 nohead dt 2 lc rgb "#d62728"
set label 3 "published 512K write max, 8 GB/s" at 5,12 tc rgb "#d62728"
plot "blocksize-sweep.tsv" using ($1==0 ? $2 : 1/0):4 with linespoints lw 2 lc rgb "#1f77b4" title "reads", \
     "" using ($1==30 ? $2 : 1/0):4 with linespoints lw 2 lc rgb "#2ca02c" title "30 % writes", \
     "" using ($1==100 ? $2 : 1/0):4 with linespoints lw 2 lc rgb "#d62728" title "writes"
unset arrow 1; unset arrow 2; unset arrow 3; unset label 1; unset label 2; unset label 3
set ylabel "IOPS (millions)"
set yrange [0.005:10]
set logscale y 10
set format y "%g"
set key top right
plot "blocksize-sweep.tsv" using ($1==0 ? $2 : 1/0):($3/1e6) with linespoints lw 2 lc rgb "#1f77b4" title "reads", \
     "" using ($1==30 ? $2 : 1/0):($3/1e6) with linespoints lw 2 lc rgb "#2ca02c" title "30 % writes", \
     "" using ($1==100 ? $2 : 1/0):($3/1e6) with linespoints lw 2 lc rgb "#d62728" title "writes"
unset multiplot
